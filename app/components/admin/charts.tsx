import * as REPORT_MESSAGES from "~/lib/messages/reports";
import { formatCents } from "~/lib/money";

/**
 * Charts of the back office (issue 32; decision 0036): SVG drawn by React on the server, no
 * chart library and no script of their own. Each has a title and a description, axis labels,
 * and marks that can be focused with the keyboard, whose value shows on hover (the mark's
 * <title>) and on focus (a label shown by CSS). The table beside each chart holds the same
 * figures for screen readers and for reading exact values.
 */

export interface ChartPoint {
  /** Unique among the chart's points. */
  id: string;
  label: string;
  /** Where activating the mark goes: the list behind the figure, or its row in the table. */
  href: string;
  /** Cents. */
  value: number;
  orders: number;
}

/** Whole-dollar steps for an axis up to `max` cents: 0 and 4 steps above. */
function ticks(max: number): number[] {
  if (max <= 0) return [0];
  const raw = max / 4 / 100;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const step = ([1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude) * 100;
  return [0, 1, 2, 3, 4].map((i) => i * step).filter((v, i) => i === 0 || v - step < max);
}

/** "$1,200" for whole dollars: the store's money without the cents an axis does not need. */
function axisMoney(cents: number): string {
  return formatCents(cents).replace(/\.00$/, "");
}

const W = 400;

/**
 * Sales over time: a column per day or month, with the previous period (the same number of days
 * or months just before) as a dashed line for comparison.
 */
export function ColumnChart({
  id,
  title,
  description,
  xLabel,
  yLabel,
  points,
  previous,
  previousLabel,
}: {
  id: string;
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  points: ChartPoint[];
  previous?: { label: string; value: number }[];
  previousLabel?: string;
}) {
  const H = 230;
  const left = 66;
  const right = 8;
  const top = 26;
  const bottom = 44;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  // Nothing sold: the axis is the $0 line alone.
  const max = Math.max(0, ...points.map((p) => p.value), ...(previous ?? []).map((p) => p.value));
  const axis = ticks(max);
  const scaleMax = Math.max(1, max, axis.at(-1) ?? 1);
  const y = (v: number) => top + plotH - (v / scaleMax) * plotH;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.max(2, slot * 0.7);
  const every = Math.ceil(points.length / 6);
  const prevPath = (previous ?? [])
    .map((p, i) => `${i === 0 ? "M" : "L"}${(left + slot * i + slot / 2).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(" ");
  return (
    <figure className="m-0 w-full max-w-xl">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full text-slate-700"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {axis.map((v) => (
          <g key={v}>
            <line x1={left} x2={W - right} y1={y(v)} y2={y(v)} className="stroke-slate-200" />
            <text x={left - 4} y={y(v) + 3} textAnchor="end" className="fill-slate-600 text-[11px]">
              {axisMoney(v)}
            </text>
          </g>
        ))}
        <text
          transform={`translate(10 ${top + plotH / 2}) rotate(-90)`}
          textAnchor="middle"
          className="fill-slate-700 text-[11px] font-semibold"
        >
          {yLabel}
        </text>
        <text x={left + plotW / 2} y={H - 4} textAnchor="middle" className="fill-slate-700 text-[11px] font-semibold">
          {xLabel}
        </text>
        {points.map((p, i) =>
          i % every === 0 ? (
            <text
              key={`x-${p.label}`}
              x={left + slot * i + slot / 2}
              y={top + plotH + 13}
              textAnchor="middle"
              className="fill-slate-600 text-[11px]"
            >
              {shortLabel(p.label)}
            </text>
          ) : null,
        )}
        {previous && previous.length > 0 ? (
          <path d={prevPath} className="fill-none stroke-slate-500" strokeDasharray="4 3" />
        ) : null}
        {points.map((p, i) => {
          const text = REPORT_MESSAGES.chartMarkValue(p.label, formatCents(p.value), p.orders);
          const x = left + slot * i + (slot - barW) / 2;
          const prev = previous?.[i];
          const full = prev
            ? `${text}. ${REPORT_MESSAGES.chartPreviousValue(prev.label, formatCents(prev.value))}`
            : text;
          return (
            <a key={p.id} href={p.href} className="group outline-none" aria-label={full}>
              <title>{full}</title>
              {/* The whole column's height takes the pointer, so a day without sales shows its value too. */}
              <rect
                x={left + slot * i}
                y={top}
                width={slot}
                height={plotH}
                className="fill-transparent group-hover:fill-brand-50 group-focus:fill-brand-50"
              />
              <rect
                x={x}
                y={y(p.value)}
                width={barW}
                height={Math.max(0, top + plotH - y(p.value))}
                className="fill-brand-600 group-hover:fill-brand-800 group-focus:fill-brand-800"
              />
              <text
                x={Math.min(Math.max(left + slot * i + slot / 2, 105), W - 105)}
                y={12}
                textAnchor="middle"
                className="fill-slate-900 text-[10px] font-semibold opacity-0 group-hover:opacity-100 group-focus:opacity-100"
              >
                {text}
              </text>
            </a>
          );
        })}
        <line x1={left} x2={W - right} y1={top + plotH} y2={top + plotH} className="stroke-slate-400" />
      </svg>
      {previous && previousLabel ? (
        <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-slate-700">
          <span className="inline-flex items-center gap-1">
            <span className="inline-block size-3 rounded-sm bg-brand-600" /> {title}
          </span>
          <span className="inline-flex items-center gap-1">
            <span className="inline-block w-4 border-t-2 border-dashed border-slate-500" /> {previousLabel}
          </span>
        </figcaption>
      ) : null}
    </figure>
  );
}

/** "2026-11-03" → "11-03"; months ("2026-11") as they are. */
function shortLabel(label: string): string {
  return label.length === 10 ? label.slice(5) : label;
}

/** Labels longer than this are cut in the chart (the table and the mark's value have them whole). */
const LABEL_CHARS = 22;

/** Sales by something (product, state…): a horizontal bar per row, best first, the value at its end. */
export function BarChart({
  id,
  title,
  description,
  categoryLabel,
  valueLabel,
  points,
}: {
  id: string;
  title: string;
  description: string;
  categoryLabel: string;
  valueLabel: string;
  points: ChartPoint[];
}) {
  const row = 20;
  const top = 22;
  const bottom = 26;
  const labelW = 150;
  const valueW = 72;
  const H = top + row * Math.max(1, points.length) + bottom;
  const plotW = W - labelW - valueW;
  const max = Math.max(1, ...points.map((p) => p.value));
  return (
    <figure className="m-0 w-full max-w-xl">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full text-slate-700"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {/* A long label is cut by this box, not shortened: the text a bar shows is its whole name,
            which its accessible name then contains (WCAG 2.5.3, axe's label-content-name-mismatch). */}
        <defs>
          <clipPath id={`${id}-labels`}>
            <rect x={0} y={0} width={labelW - 8} height={H} />
          </clipPath>
        </defs>
        <text x={0} y={12} className="fill-slate-700 text-[11px] font-semibold">
          {categoryLabel}
        </text>
        <text x={labelW + plotW / 2} y={H - 6} textAnchor="middle" className="fill-slate-700 text-[11px] font-semibold">
          {valueLabel}
        </text>
        <line x1={labelW} x2={labelW} y1={top - 4} y2={H - bottom + 2} className="stroke-slate-400" />
        {points.map((p, i) => {
          const text = REPORT_MESSAGES.chartMarkValue(p.label, formatCents(p.value), p.orders);
          const y = top + row * i;
          return (
            <a key={p.id} href={p.href} className="group outline-none" aria-label={text}>
              <title>{text}</title>
              <rect x={0} y={y} width={W} height={row} className="fill-transparent group-focus:fill-brand-50" />
              <text
                x={p.label.length > LABEL_CHARS ? 0 : labelW - 6}
                y={y + 14}
                textAnchor={p.label.length > LABEL_CHARS ? "start" : "end"}
                clipPath={`url(#${id}-labels)`}
                className="fill-slate-800 text-[11px]"
              >
                {p.label}
              </text>
              <rect
                x={labelW}
                y={y + 4}
                width={Math.max(1, (p.value / max) * plotW)}
                height={row - 8}
                className="fill-brand-600 group-hover:fill-brand-800 group-focus:fill-brand-800"
              />
              <text
                x={labelW + Math.max(1, (p.value / max) * plotW) + 4}
                y={y + 14}
                className="fill-slate-900 text-[11px] font-semibold"
              >
                {formatCents(p.value)}
              </text>
            </a>
          );
        })}
      </svg>
    </figure>
  );
}

/**
 * A chart's figures as a table: beside the chart on the reports page, visually hidden on the
 * overview (screen readers read it; the chart's marks show the same values on focus).
 */
export function ChartTable({
  caption,
  columns,
  rows,
  hidden = false,
}: {
  caption: string;
  columns: string[];
  rows: string[][];
  hidden?: boolean;
}) {
  const table = (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the chart's, in its order, never reordered
          <tr key={i}>
            {r.map((cell, j) =>
              j === 0 ? (
                <th key={columns[j]} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={columns[j]}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  // A table takes the width of its cells whatever its own width says: hidden, its box is the one
  // that is one pixel wide (sr-only on the table itself widened a phone's page).
  return hidden ? <div className="sr-only">{table}</div> : table;
}
