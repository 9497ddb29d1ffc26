import { randomUUID } from 'node:crypto';
import type * as CharacterFormat from '../characters/character-format';
import { nameKey, type Character, type CharacterSheet, type CharacterState, type HitDie, type Skill } from '../characters/sheet';
import { MAX_CHARACTERS_PER_OWNER, type CharacterOwner, type CharacterStore } from '../characters/store';
import { CombatRefusal } from '../combat/refusals';
import { UserError } from '../errors';
import type { Ability, ConditionKey } from '../rules/types';
import type { Spellcasting } from '../characters/spellcasting';
import { Prisma, type PrismaClient } from './generated/client';

type Row = Prisma.CharacterModel;
type Format = typeof CharacterFormat;

/** Rolls back a claimed write whose sheet had changed: the claim is kept only with the write it records. */
class SheetChanged extends Error {}

let formatLoaded: Promise<Format> | null = null;

/**
 * The character file's format checks the spellcasting column with zod, some 5 MB of the bot's
 * memory: loaded with the first character read or written, not at start.
 */
function format(): Promise<Format> {
  formatLoaded ??= import('../characters/character-format');
  return formatLoaded;
}

function fromRow(row: Row, f: Format): Character {
  return {
    id: row.id,
    guildId: row.guildId,
    ownerId: row.ownerId,
    active: row.active,
    name: row.name,
    level: row.level,
    abilities: { str: row.str, dex: row.dex, con: row.con, int: row.int, wis: row.wis, cha: row.cha },
    maxHp: row.maxHp,
    armourClass: row.armourClass,
    // Written by toColumns from the sheet's own checked values.
    hitDie: row.hitDie as HitDie,
    saves: row.saves as Ability[],
    skills: row.skills as Skill[],
    expertise: row.expertise as Skill[],
    initBonus: row.initBonus,
    speed: row.speed,
    hp: row.hp,
    tempHp: row.tempHp,
    hitDiceLeft: row.hitDiceLeft,
    tracks: { exhaustion: row.exhaustion, fatigue: row.fatigue, strife: row.strife },
    conditions: Array.isArray(row.conditions) ? (row.conditions as ConditionKey[]) : [],
    dead: row.dead,
    spellcasting: storedSpellcasting(row.spellcasting, f),
    slotsSpent: row.slotsSpent,
  };
}

/** The column holds the character file's own shape, written by toColumns; anything else reads as no spellcasting. */
function storedSpellcasting(value: Prisma.JsonValue | null, f: Format): Spellcasting | null {
  const parsed = f.spellcastingSchema.safeParse(value);
  return parsed.success ? f.spellcastingFromJson(parsed.data) : null;
}

function stateColumns(state: CharacterState) {
  return {
    hp: state.hp,
    tempHp: state.tempHp,
    hitDiceLeft: state.hitDiceLeft,
    exhaustion: state.tracks.exhaustion,
    fatigue: state.tracks.fatigue,
    strife: state.tracks.strife,
    conditions: state.conditions,
    dead: state.dead,
    slotsSpent: [...state.slotsSpent],
  };
}

function toColumns(sheet: CharacterSheet, state: CharacterState, f: Format) {
  return {
    name: sheet.name,
    nameKey: nameKey(sheet.name),
    level: sheet.level,
    ...sheet.abilities,
    maxHp: sheet.maxHp,
    armourClass: sheet.armourClass,
    hitDie: sheet.hitDie,
    saves: sheet.saves,
    skills: sheet.skills,
    expertise: sheet.expertise,
    initBonus: sheet.initBonus,
    speed: sheet.speed,
    spellcasting: f.spellcastingToJson(sheet.spellcasting) ?? Prisma.DbNull,
    ...stateColumns(state),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}

const ownedBy = (owner: CharacterOwner) => ({ guildId: owner.guildId, ownerId: owner.ownerId });

/** The character store over PostgreSQL (or the embedded database), through Prisma. */
export function createCharacterStore(prisma: PrismaClient): CharacterStore {
  const find = async (owner: CharacterOwner, name: string): Promise<Character | null> => {
    const row = await prisma.character.findUnique({ where: { guildId_ownerId_nameKey: { ...ownedBy(owner), nameKey: nameKey(name) } } });
    return row === null ? null : fromRow(row, await format());
  };

  return {
    async list(owner) {
      const rows = await prisma.character.findMany({ where: ownedBy(owner), orderBy: { nameKey: 'asc' } });
      const f = await format();
      return rows.map((row) => fromRow(row, f));
    },
    find,
    async active(owner) {
      const row = await prisma.character.findFirst({ where: { ...ownedBy(owner), active: true } });
      return row === null ? null : fromRow(row, await format());
    },
    async get(id) {
      const row = await prisma.character.findUnique({ where: { id } });
      return row === null ? null : fromRow(row, await format());
    },
    async create(owner, sheet, state) {
      if ((await find(owner, sheet.name)) !== null) return null;
      const f = await format();
      try {
        // One owner's creations take turns, so that several at once cannot all pass the count.
        const row = await prisma.$transaction(async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('characters:' || ${owner.guildId} || ':' || ${owner.ownerId}))`;
          if ((await tx.character.count({ where: ownedBy(owner) })) >= MAX_CHARACTERS_PER_OWNER) {
            throw new UserError(`A player can keep at most ${MAX_CHARACTERS_PER_OWNER} characters in a server: delete one first.`);
          }
          await tx.character.updateMany({ where: ownedBy(owner), data: { active: false } });
          return tx.character.create({ data: { id: randomUUID(), ...ownedBy(owner), active: true, ...toColumns(sheet, state, f) } });
        });
        return fromRow(row, f);
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    async update(character) {
      const clash = await find(character, character.name);
      if (clash !== null && clash.id !== character.id) return null;
      const f = await format();
      try {
        const row = await prisma.character.update({ where: { id: character.id }, data: toColumns(character, character, f) });
        return fromRow(row, f);
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    async use(owner, id) {
      await prisma.$transaction([
        prisma.character.updateMany({ where: { ...ownedBy(owner), id: { not: id } }, data: { active: false } }),
        prisma.character.updateMany({ where: { ...ownedBy(owner), id }, data: { active: true } }),
      ]);
    },
    async delete(owner, id) {
      const { count } = await prisma.character.deleteMany({ where: { ...ownedBy(owner), id } });
      return count > 0;
    },
    async lastParty(place) {
      const encounter = await prisma.encounter.findFirst({
        where: { guildId: place.guildId, channelId: place.channelId },
        orderBy: { createdAt: 'desc' },
        select: { gameMasterId: true, combatants: { select: { characterId: true } } },
      });
      if (encounter === null) return null;
      const ids = encounter.combatants.flatMap((c) => (c.characterId === null ? [] : [c.characterId]));
      const rows = await prisma.character.findMany({ where: { id: { in: ids }, guildId: place.guildId }, orderBy: { nameKey: 'asc' } });
      const f = await format();
      return { gameMasterId: encounter.gameMasterId, characters: rows.map((row) => fromRow(row, f)) };
    },
    async fightOf(id) {
      const running = await prisma.encounter.findFirst({
        where: { activeChannelId: { not: null }, combatants: { some: { characterId: id } } },
        select: { channelId: true, name: true },
      });
      return running;
    },
    async recordStateIfUnchanged(id, before, after, claim) {
      const { conditions, slotsSpent, ...plain } = stateColumns(before);
      const write = (db: Prisma.TransactionClient | PrismaClient) =>
        db.character.updateMany({
          where: { id, ...plain, conditions: { equals: conditions }, slotsSpent: { equals: slotsSpent } },
          data: stateColumns(after),
        });
      if (claim === undefined || claim.recorded) return (await write(prisma)).count === 1;
      // The claim commits with the write: a second delivery of the interaction finds it and writes nothing.
      const written = await prisma
        .$transaction(async (tx) => {
          const claimed = await tx.$executeRaw`INSERT INTO processed_interactions (id) VALUES (${claim.id}) ON CONFLICT DO NOTHING`;
          if (claimed === 0) throw new CombatRefusal({ kind: 'already-handled' });
          const { count } = await write(tx);
          if (count === 0) throw new SheetChanged();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof SheetChanged) return false;
          throw error;
        });
      claim.recorded = written;
      return written;
    },
    async recordStates(states) {
      // A fight may end above the sheet's maximum (a join's `hp:`, or the sheet edited meanwhile): the sheet caps it.
      const maxima = await prisma.character.findMany({ where: { id: { in: states.map((s) => s.id) } }, select: { id: true, maxHp: true } });
      const maxOf = new Map(maxima.map((row) => [row.id, row.maxHp]));
      await prisma.$transaction(
        states.map(({ id, state }) =>
          prisma.character.updateMany({
            where: { id },
            data: stateColumns({ ...state, hp: Math.min(state.hp, maxOf.get(id) ?? state.hp) }),
          }),
        ),
      );
    },
  };
}
