/**
 * The Transfer settings dialog's bandwidth part: an upload and a download limit, each a figure and a unit
 * (empty: no limit), and an optional "only between" two times of day. The rules are shared/bandwidth.ts.
 */
import { useId } from 'react';
import {
  RATE_UNITS,
  type BandwidthProblems,
  type BandwidthText,
  type RateText,
  type RateUnit,
} from '../../../shared/bandwidth';

interface Props {
  text: BandwidthText;
  problems: BandwidthProblems;
  disabled: boolean;
  onChange: (text: BandwidthText) => void;
}

export function BandwidthFields({ text, problems, disabled, onChange }: Props) {
  const id = useId();
  return (
    <fieldset className="settings-bandwidth" disabled={disabled}>
      <legend>Bandwidth</legend>
      <RateField
        id={`${id}-upload`}
        label="Upload limit"
        hint="All uploads together share it; leave empty for no limit (the default)."
        rate={text.upload}
        problem={problems.upload}
        onChange={(upload) => onChange({ ...text, upload })}
      />
      <RateField
        id={`${id}-download`}
        label="Download limit"
        hint="All downloads together share it; leave empty for no limit (the default)."
        rate={text.download}
        problem={problems.download}
        onChange={(download) => onChange({ ...text, download })}
      />
      <div className="settings-field">
        <label className="settings-window-toggle">
          <input
            type="checkbox"
            checked={text.windowed}
            onChange={(e) => onChange({ ...text, windowed: e.target.checked })}
          />
          Only between
        </label>
        <span className="settings-window">
          <input
            type="time"
            aria-label="Limit from"
            value={text.from}
            disabled={!text.windowed}
            aria-invalid={problems.window !== ''}
            aria-describedby={`${id}-window-hint ${id}-window-problem`}
            onChange={(e) => onChange({ ...text, from: e.target.value })}
          />
          <span className="muted">and</span>
          <input
            type="time"
            aria-label="Limit to"
            value={text.to}
            disabled={!text.windowed}
            aria-invalid={problems.window !== ''}
            aria-describedby={`${id}-window-hint ${id}-window-problem`}
            onChange={(e) => onChange({ ...text, to: e.target.value })}
          />
        </span>
        <p id={`${id}-window-hint`} className="muted settings-hint">
          Your local time; outside it transfers go at full speed. 22:00 and 07:00 is the night.
        </p>
        <p id={`${id}-window-problem`} className="settings-problem" aria-live="polite">
          {problems.window}
        </p>
      </div>
    </fieldset>
  );
}

function RateField(props: {
  id: string;
  label: string;
  hint: string;
  rate: RateText;
  problem: string;
  onChange: (rate: RateText) => void;
}) {
  const { id, rate, problem, onChange } = props;
  return (
    <div className="settings-field">
      <label htmlFor={id}>{props.label}</label>
      <span className="settings-rate">
        <input
          id={id}
          value={rate.value}
          inputMode="decimal"
          placeholder="No limit"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={problem !== ''}
          aria-describedby={`${id}-hint ${id}-problem`}
          onChange={(e) => onChange({ ...rate, value: e.target.value })}
        />
        <select
          aria-label={`${props.label} unit`}
          value={rate.unit}
          onChange={(e) => onChange({ ...rate, unit: e.target.value as RateUnit })}
        >
          {RATE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </select>
      </span>
      <p id={`${id}-hint`} className="muted settings-hint">
        {props.hint}
      </p>
      <p id={`${id}-problem`} className="settings-problem" aria-live="polite">
        {problem}
      </p>
    </div>
  );
}
