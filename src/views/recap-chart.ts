import type { Resvg as ResvgClass } from '@resvg/resvg-js';

/** Renders the chart's SVG to PNG; `key` names the picture, so that a renderer may keep it. */
export interface ChartRenderer {
  png(key: string, svg: string): Promise<Uint8Array>;
}

/** One row of the chart: a combatant and the damage it dealt and took. */
export interface ChartRow {
  name: string;
  dealt: number;
  taken: number;
}

/*
 * The chart is an SVG built here and rendered to PNG by resvg, with the Inter font shipped in an npm
 * package (no system fonts: the container has none, and the picture must not change with the host).
 * It sits on its own opaque dark card, so it reads the same in Discord's dark and light themes; the
 * two bar colours are the Okabe–Ito orange and sky blue, told apart also by colour-blind readers.
 */
const WIDTH = 800;
const PADDING = 24;
const NAME_WIDTH = 200;
const VALUE_WIDTH = 56;
const HEADER = 84;
const BAR = 16;
const BAR_GAP = 4;
const ROW_GAP = 14;
const ROW = 2 * BAR + BAR_GAP + ROW_GAP;
const NAME_CHARS = 24;
/** What fits across the card at the title's size. */
const TITLE_CHARS = 58;

export const CHART_COLOURS = {
  background: '#2b2d31',
  text: '#f2f3f5',
  muted: '#b5bac1',
  dealt: '#e69f00',
  taken: '#56b4e9',
  axis: '#4e5058',
} as const;

const FONT_FILES = [
  require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
];

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function clipped(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

function text(x: number, y: number, content: string, attributes: string): string {
  return `<text x="${x}" y="${y}" ${attributes}>${xml(content)}</text>`;
}

/** Damage dealt and taken per combatant as horizontal bar pairs, with the numbers at the bars' ends. */
export function recapChartSvg(title: string, rows: readonly ChartRow[]): string {
  const height = HEADER + Math.max(rows.length, 1) * ROW + PADDING;
  const barLeft = PADDING + NAME_WIDTH;
  const barSpace = WIDTH - barLeft - PADDING - VALUE_WIDTH;
  const largest = Math.max(1, ...rows.map((row) => Math.max(row.dealt, row.taken)));
  const length = (value: number): number => (value === 0 ? 0 : Math.max(2, Math.round((value / largest) * barSpace)));
  const parts: string[] = [
    `<rect width="${WIDTH}" height="${height}" fill="${CHART_COLOURS.background}"/>`,
    text(PADDING, 38, clipped(title, TITLE_CHARS), `font-size="22" font-weight="700" fill="${CHART_COLOURS.text}"`),
    `<rect x="${PADDING}" y="54" width="14" height="14" rx="3" fill="${CHART_COLOURS.dealt}"/>`,
    text(PADDING + 20, 66, 'Damage dealt', `font-size="14" fill="${CHART_COLOURS.muted}"`),
    `<rect x="${PADDING + 140}" y="54" width="14" height="14" rx="3" fill="${CHART_COLOURS.taken}"/>`,
    text(PADDING + 160, 66, 'Damage taken', `font-size="14" fill="${CHART_COLOURS.muted}"`),
    `<line x1="${barLeft}" y1="${HEADER - 4}" x2="${barLeft}" y2="${height - PADDING + 4}" stroke="${CHART_COLOURS.axis}" stroke-width="2"/>`,
  ];
  if (rows.length === 0) parts.push(text(barLeft + 12, HEADER + 24, 'No damage to show', `font-size="15" fill="${CHART_COLOURS.muted}"`));
  rows.forEach((row, index) => {
    const top = HEADER + index * ROW;
    parts.push(
      text(barLeft - 12, top + BAR + 6, clipped(row.name, NAME_CHARS), `font-size="15" text-anchor="end" fill="${CHART_COLOURS.text}"`),
    );
    for (const [offset, value, colour] of [
      [0, row.dealt, CHART_COLOURS.dealt],
      [BAR + BAR_GAP, row.taken, CHART_COLOURS.taken],
    ] as const) {
      const width = length(value);
      if (width > 0) parts.push(`<rect x="${barLeft}" y="${top + offset}" width="${width}" height="${BAR}" rx="3" fill="${colour}"/>`);
      parts.push(text(barLeft + width + 6, top + offset + BAR - 3, String(value), `font-size="13" fill="${CHART_COLOURS.text}"`));
    }
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="Inter">`,
    ...parts,
    '</svg>',
  ].join('\n');
}

/** The renderer, a native module loaded at the first chart rather than with the bot (some 5 MB and tens of ms of its start). */
function loadResvg(): typeof ResvgClass {
  // A synchronous load, so that rendering stays synchronous; the type comes from the import above.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('@resvg/resvg-js') as { Resvg: typeof ResvgClass }).Resvg;
}

/** The chart as PNG bytes. */
export function renderPng(svg: string): Uint8Array {
  const Resvg = loadResvg();
  const renderer = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'Inter' } });
  return renderer.render().asPng();
}
