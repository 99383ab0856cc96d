import { quotaUse } from '../../../shared/quotas';
import './quota-bar.css';

interface Props {
  /** What is measured, e.g. "Bytes" or "Account bytes"; the bar's accessible name. */
  label: string;
  used: number;
  limit: number;
  /** How a figure reads: a size or a count. */
  format: (n: number) => string;
}

/**
 * Used against a quota's limit: a bar with the figures in words ("3.2 MiB of
 * 10 MiB (32 %)"). A progressbar, not a <meter>, because the bar's look is
 * ours in both themes; past the limit it turns to the error colour.
 */
export function QuotaBar({ label, used, limit, format }: Props) {
  const use = quotaUse(used, limit);
  const text = `${format(use.used)} of ${format(limit)} (${use.percent} %)${use.over ? ', over the quota' : ''}`;
  return (
    <div className="quota-bar">
      <div className="quota-bar-label">
        <span>{label}</span>
        <span className="muted">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={use.percent}
        aria-valuetext={text}
        className={use.over ? 'quota-bar-track over' : 'quota-bar-track'}
      >
        <div className="quota-bar-fill" style={{ width: `${use.fraction * 100}%` }} />
      </div>
    </div>
  );
}
