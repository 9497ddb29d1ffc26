import { commandOfSubcommands } from '../../src/framework/slash-command';
import { restRules } from './rests';
import { clear, ruleset, show } from './ruleset';
import { gmChannelSetting, harmSetting, livePageSetting } from './server';

/** `/config`: the server's and this channel's settings; each theme's subcommands live in their own module. */
export const command = commandOfSubcommands({
  name: 'config',
  description: 'The rule set here, rest rules, the game master channel, live pages and whom players may harm',
  dmPermission: false,
  subcommands: {
    ruleset,
    show,
    clear,
    'gm-channel': gmChannelSetting,
    rests: restRules,
    'live-page': livePageSetting,
    harm: harmSetting,
  },
  examples: [
    '/config ruleset ruleset:dnd2014',
    '/config ruleset ruleset:a5e scope:channel',
    '/config show',
    '/config clear',
    '/config gm-channel channel:#gm-screen',
    '/config gm-channel clear:true',
    '/config rests next:experimental-1',
    '/config rests a5e-supply:true',
    '/config live-page monster-hp:hidden',
    '/config harm players:anyone',
  ],
});
