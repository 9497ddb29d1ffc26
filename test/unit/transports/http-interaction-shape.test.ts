import { ComponentType, InteractionType } from 'discord.js';
import { readInteraction } from '../../../src/transports/http-interaction-shape';
import { interactionPayload } from '../../e2e/fake-discord-payloads';

const GUILD = '400000000000000001';
const CHANNEL = '400000000000000002';

function command(data: unknown, type = InteractionType.ApplicationCommand): Record<string, unknown> {
  return interactionPayload({
    type,
    applicationId: '400000000000000003',
    guildId: GUILD,
    channelId: CHANNEL,
    user: { id: '400000000000000004', username: 'mira' },
    permissions: 2048n,
    data: data as Record<string, unknown>,
  }).payload;
}

const ROLL = { id: '1', name: 'roll', type: 1, options: [{ name: 'dice', type: 3, value: '1d20' }] };

function problemOf(value: unknown): string | null {
  const shape = readInteraction(Buffer.from(JSON.stringify(value)));
  return 'problem' in shape ? shape.problem : null;
}

test('a command, a button, an autocomplete and a PING as Discord sends them are read as they are', () => {
  const payload = command(ROLL);
  expect(readInteraction(Buffer.from(JSON.stringify(payload)))).toEqual({ interaction: payload });
  expect(problemOf(command({ custom_id: 'init:next', component_type: ComponentType.Button }, InteractionType.MessageComponent))).toBeNull();
  const focused = { ...ROLL, options: [{ name: 'dice', type: 3, value: '1d', focused: true }] };
  expect(problemOf(command(focused, InteractionType.ApplicationCommandAutocomplete))).toBeNull();
  expect(problemOf({ id: '500000000000000001', type: InteractionType.Ping, token: 't', version: 1 })).toBeNull();
  expect(problemOf({ ...command(ROLL), member: undefined, user: { id: '400000000000000004', username: 'mira' } })).toBeNull();
});

test('a missing or malformed data field is named', () => {
  expect(problemOf({ ...command(ROLL), data: undefined })).toBe('data is missing');
  expect(problemOf({ ...command(ROLL), data: 'roll' })).toBe('data is missing');
  expect(problemOf(command({ ...ROLL, name: 7 }))).toBe('data.name is not a string');
  expect(problemOf(command({ ...ROLL, options: { dice: '1d20' } }))).toBe('data.options is not a list');
  expect(problemOf(command({ ...ROLL, options: [{ name: 'dice', type: 3, value: { x: 1 } }] }))).toBe(
    'data.options.dice has a value that is not a string, number or boolean',
  );
  expect(problemOf(command({ ...ROLL, options: [{ name: 'dice', type: 3, value: '1', options: 'x' }] }))).toBe(
    'data.options.dice is not a list',
  );
  const deep = {
    name: 'a',
    type: 1,
    options: [{ name: 'b', type: 1, options: [{ name: 'c', type: 1, options: [{ name: 'd', type: 3 }] }] }],
  };
  expect(problemOf(command({ ...ROLL, options: [deep] }))).toBe('data.options.a.b.c is nested too deep');
  expect(problemOf(command({ component_type: ComponentType.Button }, InteractionType.MessageComponent))).toBe(
    'data.custom_id is not a string',
  );
});

test('an attached file is read from data.resolved, and a malformed one is named', () => {
  const IMPORT = {
    id: '1',
    name: 'character',
    type: 1,
    options: [{ name: 'import', type: 1, options: [{ name: 'file', type: 11, value: '9' }] }],
  };
  const file = { id: '9', filename: 'hollis.json', url: 'https://cdn.discordapp.com/attachments/1/9/hollis.json', size: 2048 };
  expect(problemOf(command({ ...IMPORT, resolved: { attachments: { '9': { ...file, content_type: 'application/json' } } } }))).toBeNull();
  expect(problemOf(command({ ...IMPORT, resolved: { attachments: { '9': { ...file, size: '2048' } } } }))).toBe(
    'data.resolved.attachments.9.size is not a whole number',
  );
  expect(problemOf(command({ ...IMPORT, resolved: { attachments: { '9': { id: '9' } } } }))).toBe(
    'data.resolved.attachments.9 has no filename and url',
  );
  expect(problemOf(command({ ...IMPORT, resolved: [] }))).toBe('data.resolved is not an object');
});

test('member permissions that are not a decimal bit field are refused, as is a member without a user', () => {
  const payload = command(ROLL);
  const member = payload.member as Record<string, unknown>;
  for (const permissions of ['abc', '', '-1', 2048, null, undefined, '1'.repeat(41)]) {
    expect(problemOf({ ...payload, member: { ...member, permissions } })).toBe('member.permissions is not a decimal bit field');
  }
  expect(problemOf({ ...payload, member: { ...member, user: undefined } })).toBe('member.user is not an object');
  expect(problemOf({ ...payload, member: { ...member, user: { id: 'me', username: 'x' } } })).toBe('member.user.id is not an id');
  expect(problemOf({ ...payload, member: undefined })).toBe('neither member nor user is given');
});

test('bodies that are not interactions at all', () => {
  expect(problemOf('not json')).toBe('the body is not a JSON object');
  expect(readInteraction(Buffer.from('{'))).toEqual({ problem: 'the body is not JSON' });
  expect(problemOf([])).toBe('the body is not a JSON object');
  expect(problemOf({ ...command(ROLL), id: 5 })).toBe('id is not an id');
  expect(problemOf({ ...command(ROLL), type: '2' })).toBe('type is not a number');
  expect(problemOf({ ...command(ROLL), token: '' })).toBe('token is missing');
  expect(problemOf({ ...command(ROLL), guild_id: 'guild' })).toBe('guild_id is not an id');
  expect(problemOf({ ...command(ROLL), channel: {} })).toBe('channel has no id');
});
