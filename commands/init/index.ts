import { commandOfSubcommands } from '../../src/framework/slash-command';
import { suggestMonsters } from '../shared/bestiary';
import { suggestTargets } from '../shared/encounter';
import { suggestActions } from '../shared/monster-actions';
import { concentrate, dropConcentrationButton, dropConcentrationOf, legendary, react, ready } from './actions';
import { end, endButtons, exportFight, log, recap, undo } from './recap';
import { add, begin, join, list, remove, setInitiativeOf } from './roster';
import { deathSaveButton, options } from './saves';
import { share } from './share';
import { act, delay, move, myTurnButton, next, prev, turnButtons } from './turns';

/** `/init`: the channel's encounter, from begin to end; each theme's subcommands live in their own module. */
export const command = commandOfSubcommands({
  name: 'init',
  description: 'Run the encounter in this channel: initiative, turns and rounds',
  dmPermission: false,
  subcommands: {
    begin,
    options,
    add,
    join,
    next,
    prev,
    move,
    'set-initiative': setInitiativeOf,
    remove,
    list,
    end,
    recap,
    export: exportFight,
    undo,
    log,
    concentrate,
    'drop-concentration': dropConcentrationOf,
    legendary,
    react,
    ready,
    delay,
    act,
    share,
  },
  suggest: { target: suggestTargets, action: suggestActions('target'), monster: suggestMonsters },
  buttons: [...turnButtons, deathSaveButton, myTurnButton, dropConcentrationButton, ...endButtons],
  examples: [
    '/init begin name:Ambush at the ford',
    '/init add monster:Goblin Warrior count:3',
    '/init add monster:Ogre name:Ogre chief hp:roll hidden:true',
    '/init add monster:Goblin source:srd-5.1 ac:13',
    '/init add name:Goblin hp:7 ac:15 count:2',
    '/init add name:Skeleton hp:2d8+4 ac:13 count:3',
    '/init add name:Ogre chief hp:59 ac:11 saves:con+3,str+4 level:7 con:16',
    '/init join',
    '/init join character:Brannoc',
    '/init join name:Alice hp:12 ac:14 con-save:3',
    '/init join initiative:17',
    '/init join mode:advantage',
    '/init next',
    '/init prev',
    '/init move target:Goblin 2',
    '/init set-initiative target:Alice value:18',
    '/init remove target:Goblin 1',
    '/init list',
    '/init concentrate target:Alice effect:Bless',
    '/init drop-concentration target:Alice',
    '/init add name:Adult red dragon hp:256 ac:19 legendary:3 lair:true',
    '/init legendary target:Adult red dragon cost:2',
    '/init legendary target:Adult Red Dragon action:Pounce on:Alice',
    '/init react target:Alice note:Shield',
    '/init ready trigger:the ogre steps onto the bridge',
    '/init react target:Alice note:ready',
    '/init delay',
    '/init act',
    '/init join surprised:true',
    '/init options death-saves:button',
    '/init log count:5',
    '/init undo',
    '/init end',
    '/init recap',
    '/init export',
    '/init share',
    '/init share revoke:true',
  ],
});
