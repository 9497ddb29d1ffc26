/*
 * The live page's HTML: a fixed shell (no fight data, nothing a viewer typed: the script fills it
 * from the stream, as text), and the one page every link that opens nothing gets.
 */

/** Sent with every live response: the page runs its own script and style sheet and nothing else. */
export const LIVE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** Relative to `/live/<token>`, so the page works under a path prefix too (`PUBLIC_URL=https://host/rollcall`). */
const HEAD = `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="stylesheet" href="_/live.css">`;

/** The page; `overlay`: the compact, transparent version for a stream's browser source. */
export function livePage(overlay: boolean): string {
  return `<!doctype html>
<html lang="en"${overlay ? ' class="overlay"' : ''}>
<head>
${HEAD}
<title>Live fight</title>
<script src="_/live.js" defer></script>
</head>
<body>
<main>
<header>
<h1 id="title">Connecting…</h1>
<p id="ruleset" class="ruleset"></p>
</header>
<p id="heading" class="heading"></p>
<p id="timer" class="timer"></p>
<ol id="order" class="order" aria-label="Turn order"></ol>
<p id="status" class="status" role="status"></p>
<div id="announce" class="visually-hidden" aria-live="polite"></div>
<noscript><p>This page needs JavaScript to follow the fight.</p></noscript>
</main>
</body>
</html>
`;
}

/** Every link that opens nothing: mistyped, revoked or never made read the same. */
export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
${HEAD}
<title>No live page</title>
</head>
<body>
<main>
<h1>No live page here</h1>
<p class="heading">This link does not open a live page: it may be mistyped, or no longer valid. Ask the game master for the link (<code>/init share</code>).</p>
</main>
</body>
</html>
`;
