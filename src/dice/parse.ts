/**
 * A hand-written recursive-descent parser for Avrae-style dice notation, working on character
 * codes so a roll costs no tokenizer allocations. Grammar, loosest binding first:
 *
 *   expression  = comparison [comment]
 *   comparison  = additive { ("==" | "!=" | "<=" | ">=" | "<" | ">") additive }
 *   additive    = term { ("+" | "-") term }
 *   term        = unary { ("*" | "//" | "/" | "%") unary }
 *   unary       = ("+" | "-") unary | atom
 *   atom        = (dice | number | "(" [expr {"," expr} [","]] ")" {setop}) {"[" text "]"}
 *   dice        = [int] "d" (int | "%") {diceop}
 */
import type {
  BinaryOperator,
  DiceNode,
  DiceOperator,
  DiceError,
  Expr,
  Operation,
  ParseResult,
  RollMode,
  Selector,
  SelectorKind,
  SetOperator,
} from './ast';
import { MAX_DEPTH, MAX_DICE, MAX_EXACT, MAX_LENGTH, MAX_SIDES, withCommas } from './limits';

const SPACE = 32;
const TAB = 9;
const ZERO = 48;
const NINE = 57;
const DOT = 46;

/** What an unannotated node holds, shared: a list of its own on every term cost an allocation per term. */
const NO_ANNOTATIONS: readonly string[] = Object.freeze([]);
/** What a term without operators holds, shared for the same reason. */
const NO_OPERATIONS: readonly never[] = Object.freeze([]);

class ParseFailure extends Error {
  constructor(readonly error: DiceError) {
    super(error.message);
  }
}

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

/** ASCII letters folded to lower case; everything else unchanged. */
function lower(code: number): number {
  return code >= 65 && code <= 90 ? code | 32 : code;
}

function isWordChar(code: number): boolean {
  const c = lower(code);
  return (c >= 97 && c <= 122) || isDigit(c) || c === 95;
}

/**
 * Finds the stand-alone words `adv` and `dis` outside annotations and blanks them out (keeping
 * every other character's column).
 */
function extractMode(text: string, into: { mode: RollMode; cancelled: boolean }): string {
  let adv = false;
  let dis = false;
  let out = text;
  let inAnnotation = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91) inAnnotation = true;
    else if (c === 93) inAnnotation = false;
    if (inAnnotation || i + 3 > text.length) continue;
    // Only a word starting `a` or `d` can be one: most characters need no other look.
    const first = lower(c);
    if (first !== 97 && first !== 100) continue;
    if (i > 0 && isWordChar(text.charCodeAt(i - 1))) continue;
    if (i + 3 < text.length && isWordChar(text.charCodeAt(i + 3))) continue;
    const word = text.slice(i, i + 3).toLowerCase();
    if (word === 'adv' || word === 'dis') {
      if (word === 'adv') adv = true;
      else dis = true;
      out = out.slice(0, i) + '   ' + out.slice(i + 3);
    }
  }
  into.mode = adv === dis ? 'normal' : adv ? 'advantage' : 'disadvantage';
  into.cancelled = adv && dis;
  return out;
}

/** How a character is shown in an error message: the code span itself must not break. */
function quote(char: string): string {
  return char === '`' ? "'`'" : `\`${char}\``;
}

/** The whole character (code point) starting at `index`: an emoji is one character, never half of one. */
function characterAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

class Parser {
  private pos = 0;
  private depth = 0;
  private readonly text: string;
  /** Every annotation so far, in order; made with the first, as most rolls have none. */
  private annotationsFound: string[] | null = null;
  /** From the words `adv` and `dis`, which the parser reads as spaces. */
  mode: RollMode = 'normal';
  cancelled = false;
  /** Trailing free text, once parsed. */
  comment: string | null = null;

  constructor(source: string) {
    this.text = extractMode(source, this);
  }

  annotations(): readonly string[] {
    return this.annotationsFound ?? NO_ANNOTATIONS;
  }

  parse(): Expr {
    this.skipSpaces();
    if (this.pos >= this.text.length) this.fail('Type a dice expression, such as `1d20+5`.', null);
    const root = this.comparison();
    if (this.pos >= this.text.length) return root;
    // The comment starts after a space: anything written right after the expression is a mistake.
    const before = this.pos > 0 ? this.text.charCodeAt(this.pos - 1) : SPACE;
    if (before !== SPACE && before !== TAB) {
      if (this.code() === 41) this.fail(`Unexpected \`)\` at column ${this.column()}: it has no matching \`(\`.`);
      this.unexpected();
    }
    const rest = this.text.slice(this.pos).trim();
    if (rest !== '') this.comment = rest;
    return root;
  }

  private fail(message: string, column: number | null = this.column()): never {
    throw new ParseFailure({ message, column });
  }

  /** The 1-based column of `at` in characters as a person counts them: an emoji counts once. */
  private column(at = this.pos): number {
    return [...this.text.slice(0, at)].length + 1;
  }

  /** The character at the parser's place, quoted for an error message. */
  private found(): string {
    return quote(characterAt(this.text, this.pos));
  }

  private unexpected(): never {
    if (this.pos >= this.text.length) {
      this.fail(`The expression ends too early: a number or dice is missing at column ${this.column()}.`);
    }
    this.fail(`Unexpected ${this.found()} at column ${this.column()}.`);
  }

  private code(offset = 0): number {
    const i = this.pos + offset;
    return i < this.text.length ? this.text.charCodeAt(i) : -1;
  }

  /** Moves past spaces and tabs; returns the character code there (-1 at the end), which callers mostly look at next. */
  private skipSpaces(): number {
    let c = this.code();
    while (c === SPACE || c === TAB) {
      this.pos++;
      c = this.code();
    }
    return c;
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) {
      this.fail(`The expression is nested too deeply (more than ${MAX_DEPTH} levels).`);
    }
  }

  private comparison(): Expr {
    let left = this.additive();
    for (;;) {
      const c = this.skipSpaces();
      const next = this.code(1);
      let op: BinaryOperator | null = null;
      if (c === 61 && next === 61) op = '==';
      else if (c === 33 && next === 61) op = '!=';
      else if (c === 60) op = next === 61 ? '<=' : '<';
      else if (c === 62) op = next === 61 ? '>=' : '>';
      if (op === null) return left;
      this.pos += op.length;
      left = { type: 'binary', op, left, right: this.additive() };
    }
  }

  private additive(): Expr {
    let left = this.term();
    for (;;) {
      const c = this.skipSpaces();
      if (c !== 43 && c !== 45) return left;
      this.pos++;
      left = { type: 'binary', op: c === 43 ? '+' : '-', left, right: this.term() };
    }
  }

  private term(): Expr {
    let left = this.unary();
    for (;;) {
      const c = this.skipSpaces();
      let op: BinaryOperator;
      if (c === 42) op = '*';
      else if (c === 37) op = '%';
      else if (c === 47) op = this.code(1) === 47 ? '//' : '/';
      else return left;
      this.pos += op.length;
      left = { type: 'binary', op, left, right: this.unary() };
    }
  }

  private unary(): Expr {
    const c = this.skipSpaces();
    if (c === 43 || c === 45) {
      this.enter();
      this.pos++;
      const operand = this.unary();
      this.depth--;
      return { type: 'unary', op: c === 43 ? '+' : '-', operand };
    }
    const atom = this.atom();
    this.readAnnotations(atom);
    return atom;
  }

  private atom(): Expr {
    const c = this.code();
    if (c === 40) return this.parenthesised();
    if (lower(c) === 100) return this.dice(1, this.pos);
    if (isDigit(c) || (c === DOT && isDigit(this.code(1)))) {
      const start = this.pos;
      const value = this.number();
      const afterNumber = this.pos;
      this.skipSpaces();
      // `1d` must be dice (and fails without a size); after a space only `2 d6` is, not `2 dogs`.
      if (lower(this.code()) === 100 && (this.pos === afterNumber || this.isDiceSize(1))) {
        if (!Number.isInteger(value)) this.fail('The number of dice must be a whole number.', this.column(start));
        return this.dice(value, start);
      }
      this.pos = afterNumber;
      return { type: 'number', value, annotations: NO_ANNOTATIONS };
    }
    this.unexpected();
  }

  /** True when the `d` at `pos` is followed by a die size. */
  private isDiceSize(offset: number): boolean {
    let i = this.pos + offset;
    while (i < this.text.length && (this.text.charCodeAt(i) === SPACE || this.text.charCodeAt(i) === TAB)) i++;
    const c = i < this.text.length ? this.text.charCodeAt(i) : -1;
    return isDigit(c) || c === 37;
  }

  private number(): number {
    const start = this.pos;
    const whole = this.digits();
    if (this.code() !== DOT) return whole;
    this.pos++;
    while (isDigit(this.code())) this.pos++;
    return this.exact(Number(this.text.slice(start, this.pos)), start);
  }

  private integer(what: string): number {
    if (!isDigit(this.code())) {
      if (this.pos >= this.text.length) this.fail(`${what} is missing at the end of the expression.`);
      this.fail(`${what} is missing at column ${this.column()} (found ${this.found()}).`);
    }
    return this.digits();
  }

  /** Reads a run of digits and returns its value, without cutting the text out. */
  private digits(): number {
    const start = this.pos;
    let value = 0;
    for (let c = this.code(); isDigit(c); c = this.code()) {
      value = value * 10 + (c - ZERO);
      this.pos++;
    }
    // Up to 15 digits the sum is exact; beyond, only reading the decimal text rounds as Number does.
    return this.pos - start > 15 ? this.exact(Number(this.text.slice(start, this.pos)), start) : value;
  }

  /** `value`, written from `start`, unless reading it rounded it. */
  private exact(value: number, start: number): number {
    if (value > MAX_EXACT) {
      this.fail(
        `The number at column ${this.column(start)} is too large: a roll counts exactly only up to ${withCommas(MAX_EXACT)}.`,
        this.column(start),
      );
    }
    return value;
  }

  private dice(count: number, start: number): DiceNode {
    if (count > MAX_DICE) this.fail(`At most ${MAX_DICE} dice can be rolled at once.`, this.column(start));
    this.pos++; // the `d`
    this.skipSpaces();
    let sides: number;
    let percentile = false;
    if (this.code() === 37) {
      this.pos++;
      sides = 100;
      percentile = true;
    } else {
      const sidesAt = this.pos;
      sides = this.integer('The number of sides');
      if (sides < 1) this.fail('A die needs at least 1 side.', this.column(sidesAt));
      if (sides > MAX_SIDES) this.fail(`A die can have at most ${withCommas(MAX_SIDES)} sides.`, this.column(sidesAt));
    }
    const operations = this.operations<DiceOperator>(true);
    return { type: 'dice', count, sides, percentile, maximized: false, operations, annotations: NO_ANNOTATIONS };
  }

  private parenthesised(): Expr {
    this.enter();
    this.pos++; // `(`
    const elements: Expr[] = [];
    let trailingComma = false;
    if (this.skipSpaces() !== 41) {
      for (;;) {
        elements.push(this.comparison());
        if (this.skipSpaces() !== 44) break;
        this.pos++;
        if (this.skipSpaces() === 41) {
          trailingComma = true;
          break;
        }
      }
    }
    if (this.skipSpaces() !== 41) {
      if (this.pos >= this.text.length) this.fail('A `)` is missing at the end of the expression.');
      this.unexpected();
    }
    this.pos++;
    this.depth--;
    const operations = this.operations<SetOperator>(false);
    const [only] = elements;
    if (elements.length === 1 && only !== undefined && !trailingComma) {
      return { type: 'group', inner: only, operations, annotations: NO_ANNOTATIONS };
    }
    return { type: 'set', elements, operations, annotations: NO_ANNOTATIONS };
  }

  /**
   * Reads operators such as `kh3ro1`. One written right after the term must be complete; after a
   * space, text that is not a complete operator starts the comment instead (`1d20 extra`). Sets and
   * parentheses (`onDice` false) take only `k` and `p`.
   */
  private operations<Op extends DiceOperator>(onDice: boolean): readonly Operation<Op>[] {
    // Made with the first operator: most terms have none or one, and a list grown from empty by
    // `push` reserves room for seventeen.
    let result: Operation<Op>[] | null = null;
    for (;;) {
      const before = this.pos;
      this.skipSpaces();
      const attached = this.pos === before;
      const op = this.operatorName();
      if (op === null) {
        this.pos = before;
        return result ?? NO_OPERATIONS;
      }
      const opStart = this.pos;
      if (!onDice && op !== 'k' && op !== 'p') {
        if (!attached) {
          this.pos = before;
          return result ?? NO_OPERATIONS;
        }
        this.fail(`\`${op}\` works on dice only; parentheses and sets take \`k\` and \`p\`.`, this.column(opStart));
      }
      this.pos += op.length;
      const selector = this.selector(op, attached);
      if (selector === null) {
        this.pos = before;
        return result ?? NO_OPERATIONS;
      }
      if ((op === 'mi' || op === 'ma') && selector.kind !== 'exact') {
        this.fail(`\`${op}\` takes a plain number, such as \`${op}2\`.`, this.column(opStart));
      }
      // `k1k2` is one keep with both selectors (a union); `mi`/`ma` never merge, as in Avrae.
      // Reading index -1 of an empty list is a slow property lookup, not a cheap miss.
      const operation: Operation<Op> = { op: op as Op, selectors: [selector] };
      if (result === null) {
        result = [operation];
        continue;
      }
      const last = result.length > 0 ? result[result.length - 1] : undefined;
      if (last !== undefined && last.op === op && op !== 'mi' && op !== 'ma') last.selectors.push(selector);
      else result.push(operation);
    }
  }

  private operatorName(): DiceOperator | null {
    const c = lower(this.code());
    const next = lower(this.code(1));
    let name: DiceOperator | null = null;
    if (c === 107) name = 'k';
    else if (c === 112) name = 'p';
    else if (c === 101) name = 'e';
    else if (c === 114) name = next === 114 ? 'rr' : next === 111 ? 'ro' : next === 97 ? 'ra' : null;
    else if (c === 109) name = next === 105 ? 'mi' : next === 97 ? 'ma' : null;
    return name;
  }

  private selector(op: string, attached: boolean): Selector | null {
    const c = lower(this.code());
    let kind: SelectorKind = 'exact';
    let offset = 0;
    if (c === 104) kind = 'highest';
    else if (c === 108) kind = 'lowest';
    else if (c === 62) kind = 'greater';
    else if (c === 60) kind = 'less';
    if (kind !== 'exact') offset = 1;
    if (!isDigit(this.code(offset))) {
      if (!attached) return null;
      this.pos += offset;
      if (this.pos >= this.text.length) this.fail(`\`${op}\` needs a number after it, such as \`${op}h1\` or \`${op}1\`.`);
      this.fail(`\`${op}\` needs a number at column ${this.column()} (found ${this.found()}).`);
    }
    this.pos += offset;
    return { kind, value: this.integer('A number') };
  }

  private readAnnotations(target: Expr): void {
    if (target.type === 'unary' || target.type === 'binary') return;
    for (;;) {
      const before = this.pos;
      if (this.skipSpaces() !== 91) {
        this.pos = before;
        return;
      }
      const close = this.text.indexOf(']', this.pos);
      if (close < 0) this.fail('This `[` has no matching `]`.');
      const annotation = this.text.slice(this.pos + 1, close).trim();
      // Most terms have none and share one empty list; the few that have some get their own.
      target.annotations = [...target.annotations, annotation];
      (this.annotationsFound ??= []).push(annotation);
      this.pos = close + 1;
    }
  }
}

/** Parses dice notation. Never throws: a mistake comes back as a message and a column. */
export function parseDice(text: string): ParseResult {
  if (text.length > MAX_LENGTH) {
    return {
      ok: false,
      error: { message: `That expression is ${text.length} characters long; the limit is ${MAX_LENGTH}.`, column: null },
    };
  }
  const parser = new Parser(text);
  try {
    const root = parser.parse();
    return {
      ok: true,
      value: {
        source: text,
        root,
        mode: parser.mode,
        cancelled: parser.cancelled,
        annotations: parser.annotations(),
        comment: parser.comment,
      },
    };
  } catch (e) {
    if (e instanceof ParseFailure) return { ok: false, error: e.error };
    throw e;
  }
}
