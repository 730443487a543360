/** Minus / quantity / plus, for a cart line. Plus stops at the stock. */
export function QuantityStepper({
  name,
  quantity,
  max,
  onDecrease,
  onIncrease,
}: {
  name: string;
  quantity: number;
  max: number;
  onDecrease: () => void;
  onIncrease: () => void;
}) {
  const button =
    "flex size-11 items-center justify-center text-lg font-bold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div className="inline-flex items-center rounded-md border border-slate-300 bg-white">
      <button type="button" className={button} onClick={onDecrease} aria-label={`Decrease quantity of ${name}`}>
        −
      </button>
      <output className="tabular min-w-10 text-center text-base font-semibold" aria-label={`Quantity of ${name}`}>
        {quantity}
      </output>
      <button
        type="button"
        className={button}
        onClick={onIncrease}
        disabled={quantity >= max}
        aria-label={`Increase quantity of ${name}`}
      >
        +
      </button>
    </div>
  );
}
