import { ButtonStyle, ComponentType, MessageFlags } from 'discord.js';
import type { Reply } from '../../../src/views/reply';
import {
  restFiles,
  toInteractionMessage,
  toInteractionResponseData,
  toMessageBody,
  toMessagePayload,
} from '../../../src/transports/discord-payload';

const tracker: Reply = {
  content: '<@300000000000000003>, your turn',
  mentionUsers: ['300000000000000003', '300000000000000003'],
  embeds: [
    {
      title: 'Round 2',
      description: 'Mira is up',
      color: 0x5865f2,
      fields: [
        { name: 'Goblin', value: '7/7 HP', inline: true },
        { name: 'Ogre', value: '59 HP' },
      ],
      footer: '/init next',
    },
  ],
  components: [
    {
      buttons: [
        { customId: 'init:next', label: 'Next turn', style: 'primary' },
        { customId: 'init:end', label: 'End', style: 'danger', disabled: true },
      ],
    },
  ],
};

test('embeds, button rows and mentions become the API shapes Discord expects', () => {
  expect(toMessagePayload(tracker, 'create')).toEqual({
    content: '<@300000000000000003>, your turn',
    embeds: [
      {
        title: 'Round 2',
        description: 'Mira is up',
        color: 0x5865f2,
        fields: [
          { name: 'Goblin', value: '7/7 HP', inline: true },
          { name: 'Ogre', value: '59 HP', inline: false },
        ],
        footer: { text: '/init next' },
      },
    ],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          { type: ComponentType.Button, custom_id: 'init:next', label: 'Next turn', style: ButtonStyle.Primary, disabled: false },
          { type: ComponentType.Button, custom_id: 'init:end', label: 'End', style: ButtonStyle.Danger, disabled: true },
        ],
      },
    ],
    allowedMentions: { parse: [], users: ['300000000000000003'] },
  });
});

test('user text never pings: with no users named, nobody is', () => {
  expect(toMessagePayload({ content: '@everyone <@&1> <@2>' }, 'create').allowedMentions).toEqual({ parse: [], users: [] });
});

test('a new message leaves out empty content; a replacement clears the old text, embeds and buttons', () => {
  expect(toMessagePayload({ embeds: [{ title: 'Only an embed' }] }, 'create')).not.toHaveProperty('content');
  expect(toMessagePayload({ embeds: [{ title: 'Only an embed' }] }, 'replace')).toMatchObject({ content: '', components: [] });
  expect(toMessagePayload({ content: 'text only' }, 'replace')).toMatchObject({ content: 'text only', embeds: [], components: [] });
});

test('an ephemeral reply carries the ephemeral flag; a public one carries none', () => {
  expect(toInteractionMessage({ content: 'secret roll: 17', ephemeral: true }).flags).toBe(MessageFlags.Ephemeral);
  expect(toInteractionMessage({ content: 'public roll: 17' })).not.toHaveProperty('flags');
});

test('a channel message or an edit uses the raw REST field name for allowed mentions', () => {
  const body = toMessageBody(tracker, 'replace');
  expect(body.allowed_mentions).toEqual({ parse: [], users: ['300000000000000003'] });
  expect(body).not.toHaveProperty('allowedMentions');
  expect(body).not.toHaveProperty('flags');
});

test('a raw interaction response (HTTP transport) keeps the ephemeral flag and uses the raw field name', () => {
  expect(toInteractionResponseData({ content: 'secret roll: 17', ephemeral: true, mentionUsers: ['300000000000000003'] })).toEqual({
    content: 'secret roll: 17',
    embeds: [],
    components: [],
    allowed_mentions: { parse: [], users: ['300000000000000003'] },
    flags: MessageFlags.Ephemeral,
  });
  expect(toInteractionResponseData({ embeds: [{ title: 'Round 1' }] })).toEqual({
    embeds: [{ title: 'Round 1' }],
    components: [],
    allowed_mentions: { parse: [], users: [] },
  });
});

test('files go to discord.js as attachments and to the raw API as `attachments` entries beside the multipart parts', () => {
  const data = Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);
  const chart: Reply = {
    embeds: [{ title: 'Recap', image: 'attachment://recap.png' }],
    files: [{ name: 'recap.png', data, description: 'Damage dealt and taken' }],
  };
  expect(toMessagePayload(chart, 'create')).toEqual({
    embeds: [{ title: 'Recap', image: { url: 'attachment://recap.png' } }],
    components: [],
    allowedMentions: { parse: [], users: [] },
    files: [{ attachment: Buffer.from(data), name: 'recap.png', description: 'Damage dealt and taken' }],
  });
  expect(toMessageBody(chart, 'create')).toEqual({
    embeds: [{ title: 'Recap', image: { url: 'attachment://recap.png' } }],
    components: [],
    allowed_mentions: { parse: [], users: [] },
    attachments: [{ id: 0, filename: 'recap.png', description: 'Damage dealt and taken' }],
  });
  expect(restFiles(chart)).toEqual([{ name: 'recap.png', data: Buffer.from(data) }]);
  // An edit without files leaves the message's attachments alone: nothing about them is sent.
  expect(toMessageBody({ content: 'edited' }, 'replace')).not.toHaveProperty('attachments');
  expect(restFiles({ content: 'edited' })).toBeUndefined();
});
