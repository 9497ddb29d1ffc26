import { placeOf } from '../../src/framework/requirements';
import { commandOfSubcommands, subcommand } from '../../src/framework/slash-command';
import { ownerOf, suggestCharacters } from '../shared/characters';
import { characterListEmbed } from '../../src/views/character-sheet';
import { confirmDelete, deleteButtons } from './delete';
import { exportSheet, importSheet } from './portable';
import { revive, suggestTheDead } from './revive';
import { create, edit, show, use } from './sheet';

/** `/character`: each player's characters in this server; each theme's subcommands live in their own module. */
export const command = commandOfSubcommands({
  name: 'character',
  description: 'Your characters in this server: their sheets, HP and hit dice between fights',
  dmPermission: false,
  subcommands: {
    create,
    edit,
    show,
    list: subcommand({
      description: 'List your characters in this server',
      async run(ctx) {
        const [characters, { ruleset }] = await Promise.all([
          ctx.services.characters.list(ownerOf(ctx)),
          ctx.services.settings.effectiveRuleset(placeOf(ctx)),
        ]);
        return { ephemeral: true, embeds: [characterListEmbed(characters, ruleset)] };
      },
    }),
    use,
    export: exportSheet,
    import: importSheet,
    delete: confirmDelete,
    revive,
  },
  buttons: deleteButtons,
  suggest: { name: (ctx, typed) => (ctx.options.subcommand === 'revive' ? suggestTheDead(ctx, typed) : suggestCharacters(ctx, typed)) },
  examples: [
    '/character create name:Alice level:5 con:14 hp:40',
    '/character create name:Brannoc level:3 str:16 dex:12 con:15 ac:16 hit-die:d10 saves:str,con skills:athletics,perception',
    '/character edit name:Alice level:6 hp:47',
    '/character create name:Merric level:5 int:16 class:wizard',
    '/character edit name:Merric spell-dc:15 slots:4,3,3',
    '/character show name:Alice',
    '/character list',
    '/character use name:Brannoc',
    '/character export name:Alice',
    '/character import json:{"format":"rollcall-character","version":1,…}',
    '/character delete name:Brannoc',
    '/character revive name:Alice hp:1',
  ],
});
