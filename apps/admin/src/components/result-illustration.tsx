/**
 * The pictures of the 404 and 403 pages, drawn in the product's colours (the navy of the logo, its light
 * tints and the gold of its dot) instead of antd's stock blue ones: a page of the agency's records under
 * a magnifier that finds nothing (404), or behind a padlock (403). Decorative: the page says it in words.
 */

const NAVY = '#1d3a8a';
const NAVY_SOFT = '#8ea3d6';
const TINT = '#e8edf8';
const TINT_DEEP = '#d8e0f3';
const GOLD = '#f5b400';

function RecordSheet() {
  return (
    <g transform="rotate(-6 118 104)">
      <rect x="62" y="40" width="112" height="132" rx="12" fill="#fff" stroke={NAVY} strokeWidth="3" />
      <rect x="78" y="58" width="30" height="30" rx="8" fill={TINT_DEEP} />
      <circle cx="93" cy="69" r="6" fill={NAVY_SOFT} />
      <path d="M82 86c3-7 8-10 11-10s8 3 11 10" fill={NAVY_SOFT} />
      <rect x="116" y="62" width="42" height="7" rx="3.5" fill={TINT_DEEP} />
      <rect x="116" y="76" width="30" height="7" rx="3.5" fill={TINT_DEEP} />
      <rect x="78" y="104" width="80" height="7" rx="3.5" fill={TINT_DEEP} />
      <rect x="78" y="118" width="64" height="7" rx="3.5" fill={TINT_DEEP} />
      <rect x="78" y="132" width="72" height="7" rx="3.5" fill={TINT_DEEP} />
      <rect x="78" y="146" width="48" height="7" rx="3.5" fill={TINT_DEEP} />
    </g>
  );
}

function Magnifier() {
  return (
    <g>
      <path d="M196 152l30 30" stroke={NAVY} strokeWidth="12" strokeLinecap="round" />
      <path d="M200 156l24 24" stroke={GOLD} strokeWidth="5" strokeLinecap="round" />
      <circle cx="172" cy="126" r="36" fill="#fff" fillOpacity="0.85" stroke={NAVY} strokeWidth="7" />
      <path
        d="M162 116a10 10 0 1 1 14 9c-3 1.5-4 3.5-4 6.5v2"
        fill="none"
        stroke={NAVY}
        strokeWidth="5"
        strokeLinecap="round"
      />
      <circle cx="172" cy="143" r="3.5" fill={NAVY} />
    </g>
  );
}

function Padlock() {
  return (
    <g>
      <path d="M152 122v-14a22 22 0 0 1 44 0v14" fill="none" stroke={NAVY} strokeWidth="8" />
      <rect x="140" y="120" width="68" height="56" rx="12" fill={NAVY} />
      <circle cx="174" cy="143" r="7" fill={GOLD} />
      <rect x="171" y="146" width="6" height="14" rx="3" fill={GOLD} />
    </g>
  );
}

export function ResultIllustration({ kind }: { kind: '403' | '404' }) {
  return (
    <svg
      width="252"
      height="200"
      viewBox="0 0 252 200"
      role="presentation"
      aria-hidden="true"
      data-testid={kind === '404' ? 'not-found-illustration' : 'forbidden-illustration'}
    >
      <ellipse cx="126" cy="186" rx="92" ry="9" fill={TINT} />
      <circle cx="126" cy="100" r="84" fill={TINT} />
      <circle cx="40" cy="46" r="5" fill={GOLD} />
      <circle cx="222" cy="58" r="4" fill={NAVY_SOFT} />
      <path d="M30 132h10M35 127v10" stroke={NAVY_SOFT} strokeWidth="3" strokeLinecap="round" />
      <path d="M214 20h10M219 15v10" stroke={GOLD} strokeWidth="3" strokeLinecap="round" />
      <RecordSheet />
      {kind === '404' ? <Magnifier /> : <Padlock />}
    </svg>
  );
}
