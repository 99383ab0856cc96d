import { useId } from 'react';
import { expiryProblems, type ExpiryChoice } from '../../../shared/expiry';
import type { LinkUnit } from '../../../shared/temp-url';
import './expiry.css';

interface Props {
  /** What the choice is about, e.g. "Delete automatically". */
  legend: string;
  value: ExpiryChoice;
  onChange: (next: ExpiryChoice) => void;
  /** The time the problems are judged against (ms); the caller's clock, so a test can hold it still. */
  now: number;
  /** What "never" is called here, e.g. "Never (keep it)"; null where only an expiry makes sense. */
  neverLabel?: string | null;
  disabled?: boolean;
  /**
   * Where a shorter span makes sense (a temporary link lives minutes or
   * hours): "in N" counts in this unit, chosen beside the number, not in days.
   */
  unit?: { value: LinkUnit; onChange: (next: LinkUnit) => void };
  /** The caller's own rules, where they differ from X-Delete-At's (a link lives at most a year). */
  problems?: readonly string[];
}

const UNITS: readonly LinkUnit[] = ['minutes', 'hours', 'days'];

/** The days offered when the person switches to "in N days" from nothing. */
const DEFAULT_DAYS = '7';

/**
 * When Swift is to delete something: never, in a number of days, or on a
 * date and time (the person's local time). Its problems show as typed.
 */
export function ExpiryPicker({
  legend,
  value,
  onChange,
  now,
  neverLabel = 'Never',
  disabled = false,
  unit,
  problems = expiryProblems(value, now),
}: Props) {
  const id = useId();

  function choose(kind: ExpiryChoice['kind']) {
    if (kind === value.kind) return;
    if (kind === 'never') onChange({ kind });
    else if (kind === 'days') onChange({ kind, days: DEFAULT_DAYS });
    else onChange({ kind, date: '' });
  }

  return (
    <fieldset className="expiry-picker" disabled={disabled}>
      <legend className="expiry-legend">{legend}</legend>
      <div className="expiry-line">
        <select
          aria-label={`${legend}: when`}
          value={value.kind}
          onChange={(e) => choose(e.target.value as ExpiryChoice['kind'])}
        >
          {neverLabel !== null && <option value="never">{neverLabel}</option>}
          <option value="days">{unit ? 'After a time' : 'In a number of days'}</option>
          <option value="date">On a date</option>
        </select>
        {value.kind === 'days' && (
          <>
            <input
              id={`${id}-days`}
              className="expiry-days"
              inputMode="numeric"
              aria-label={unit ? 'Time from now' : 'Days from now'}
              aria-invalid={problems.length > 0}
              aria-describedby={`${id}-problems`}
              value={value.days}
              onChange={(e) => onChange({ kind: 'days', days: e.target.value })}
            />
            {unit ? (
              <select aria-label="Unit" value={unit.value} onChange={(e) => unit.onChange(e.target.value as LinkUnit)}>
                {UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </select>
            ) : (
              <span aria-hidden="true">days</span>
            )}
          </>
        )}
        {value.kind === 'date' && (
          <input
            type="datetime-local"
            aria-label="Date and time"
            aria-invalid={problems.length > 0}
            aria-describedby={`${id}-problems`}
            value={value.date}
            onChange={(e) => onChange({ kind: 'date', date: e.target.value })}
          />
        )}
      </div>
      <p id={`${id}-problems`} className="field-problems" aria-live="polite">
        {problems.join(' ')}
      </p>
    </fieldset>
  );
}
