/**
 * The product's screens, drawn as lightweight SVG mock-ups (no raster image to download, sharp at any size,
 * in the site's colours). They are illustrations: hidden from assistive technology, a figure's caption
 * says what they show.
 */

const PRIMARY = 'var(--vt-primary, #1b2a4a)';
const ACCENT = 'var(--vt-accent, #7c3aed)';
const POSITIVE = '#15803d';
const WARNING = '#b45309';
const PANEL = '#f1f3f7';
const MUTED = '#cfd4dc';

/** A rounded bar: a line of text, a menu item, a pill. */
function Line({ x, y, w, h = 8, fill = MUTED, opacity }: { x: number; y: number; w: number; h?: number; fill?: string; opacity?: number }) {
  return <rect x={x} y={y} width={w} height={h} rx={h / 2} fill={fill} opacity={opacity} />;
}

/** A desktop app's window: frame, title bar and its three dots. */
function Window({ width, height }: { width: number; height: number }) {
  return (
    <>
      <rect x=".5" y=".5" width={width - 1} height={height - 1} rx="14" fill="#fff" stroke="#d9dde3" />
      <path d={`M1 15A14 14 0 0 1 15 1h${width - 30}a14 14 0 0 1 14 14v13H1z`} fill={PANEL} />
      {[16, 30, 44].map((cx) => (
        <circle key={cx} cx={cx} cy="14" r="4" fill={MUTED} />
      ))}
    </>
  );
}

const svgProps = (width: number, height: number) => ({
  className: 'vt-rc-screen',
  viewBox: `0 0 ${width} ${height}`,
  'aria-hidden': true,
  focusable: false,
});

const BARS = [46, 70, 58, 92, 78, 110, 96, 128];

/** The dashboard: the menu, three indicators, the month's sales in bars and a share of sales by channel. */
export function DashboardScreen() {
  return (
    <svg {...svgProps(480, 320)}>
      <Window width={480} height={320} />
      <path d="M1 28h95v291H15A14 14 0 0 1 1 305z" fill={PRIMARY} />
      {[52, 76, 100, 124, 148].map((y, i) => (
        <Line key={y} x={14} y={y} w={i === 1 ? 66 : 54} h={10} fill={i === 0 ? ACCENT : '#fff'} opacity={i === 0 ? 1 : 0.35} />
      ))}
      {[112, 232, 352].map((x, i) => (
        <g key={x}>
          <rect x={x} y="44" width="112" height="58" rx="8" fill={PANEL} />
          <Line x={x + 12} y={56} w={42} h={6} />
          <Line x={x + 12} y={70} w={64 - i * 8} h={12} fill={PRIMARY} />
          <Line x={x + 12} y={88} w={28} h={5} fill={i === 2 ? WARNING : POSITIVE} />
        </g>
      ))}
      <rect x="112" y="116" width="232" height="188" rx="8" fill={PANEL} />
      <Line x={126} y={128} w={70} h={7} fill={PRIMARY} opacity={0.7} />
      <path d="M124 288.5h208" stroke={MUTED} />
      {BARS.map((h, i) => (
        <rect key={i} x={130 + i * 25} y={288 - h} width="15" height={h} rx="3" fill={i === BARS.length - 1 ? ACCENT : PRIMARY} opacity={i === BARS.length - 1 ? 1 : 0.8} />
      ))}
      <rect x="356" y="116" width="108" height="188" rx="8" fill={PANEL} />
      <circle cx="410" cy="180" r="30" fill="none" stroke={MUTED} strokeWidth="12" />
      <circle cx="410" cy="180" r="30" fill="none" stroke={ACCENT} strokeWidth="12" strokeDasharray="118 189" transform="rotate(-90 410 180)" />
      <circle cx="410" cy="180" r="30" fill="none" stroke={PRIMARY} strokeWidth="12" strokeDasharray="42 189" strokeDashoffset="-118" transform="rotate(-90 410 180)" />
      {[236, 256, 276].map((y, i) => (
        <g key={y}>
          <circle cx="372" cy={y + 3} r="4" fill={[ACCENT, PRIMARY, MUTED][i]} />
          <Line x={382} y={y} w={56 - i * 10} h={6} />
        </g>
      ))}
    </svg>
  );
}

const SALES = [
  { name: 74, amount: 44, status: POSITIVE },
  { name: 58, amount: 36, status: WARNING },
  { name: 88, amount: 52, status: POSITIVE },
  { name: 64, amount: 30, status: ACCENT },
  { name: 80, amount: 40, status: POSITIVE },
];

/** The sales list: a search, a new-sale button and the latest sales with customer, status and amount. */
export function SalesScreen() {
  return (
    <svg {...svgProps(360, 260)}>
      <Window width={360} height={260} />
      <rect x="16.5" y="40.5" width="180" height="22" rx="6" fill="#fff" stroke={MUTED} />
      <Line x={26} y={49} w={70} h={5} />
      <rect x="270" y="40" width="74" height="23" rx="6" fill={ACCENT} />
      <Line x={283} y={49} w={48} h={5} fill="#fff" />
      {[48, 200, 300].map((x) => (
        <Line key={x} x={x} y={78} w={x === 300 ? 44 : 36} h={5} />
      ))}
      {SALES.map((sale, i) => {
        const y = 92 + i * 32;
        return (
          <g key={y}>
            <path d={`M16 ${y + 0.5}h328`} stroke={PANEL} />
            <circle cx="30" cy={y + 16} r="9" fill={i % 2 ? ACCENT : PRIMARY} opacity={0.25 + (i % 3) * 0.2} />
            <Line x={48} y={y + 9} w={sale.name} h={7} fill={PRIMARY} opacity={0.8} />
            <Line x={48} y={y + 19} w={sale.name * 0.6} h={5} />
            <Line x={200} y={y + 9} w={48} h={14} fill={sale.status} opacity={0.18} />
            <circle cx="210" cy={y + 16} r="3" fill={sale.status} />
            <Line x={344 - sale.amount} y={y + 12} w={sale.amount} h={8} fill={PRIMARY} />
          </g>
        );
      })}
    </svg>
  );
}

/** The phone: the day's sales with a trend line, the latest orders and the tab bar. */
export function PhoneScreen() {
  return (
    <svg {...svgProps(170, 320)}>
      <rect x="5" y="5" width="160" height="310" rx="26" fill={PRIMARY} />
      <rect x="13" y="13" width="144" height="294" rx="19" fill="#fff" />
      <rect x="62" y="19" width="46" height="8" rx="4" fill={PRIMARY} />
      <Line x={25} y={40} w={70} h={8} fill={PRIMARY} />
      <circle cx="140" cy="44" r="7" fill={ACCENT} opacity={0.35} />
      <rect x="25" y="58" width="120" height="72" rx="10" fill={ACCENT} />
      <Line x={35} y={68} w={40} h={6} fill="#fff" opacity={0.6} />
      <Line x={35} y={80} w={70} h={12} fill="#fff" />
      <path d="M35 118l14-6 12 4 14-10 12 5 14-9 14-4" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      {[142, 176, 210].map((y, i) => (
        <g key={y}>
          <rect x="25" y={y} width="120" height="26" rx="8" fill={PANEL} />
          <circle cx="38" cy={y + 13} r="7" fill={[POSITIVE, WARNING, POSITIVE][i]} opacity={0.3} />
          <Line x={52} y={y + 7} w={50 - i * 6} h={5} fill={PRIMARY} opacity={0.8} />
          <Line x={52} y={y + 15} w={30} h={4} />
          <Line x={116} y={y + 10} w={20} h={6} fill={PRIMARY} />
        </g>
      ))}
      <path d="M13 270h144v18a19 19 0 0 1-19 19H32a19 19 0 0 1-19-19z" fill={PANEL} />
      {[40, 70, 100, 130].map((cx, i) => (
        <circle key={cx} cx={cx} cy="288" r="5" fill={i === 0 ? ACCENT : MUTED} />
      ))}
    </svg>
  );
}
