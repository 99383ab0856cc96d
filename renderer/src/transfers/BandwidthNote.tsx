/**
 * The transfers panel's word on the bandwidth limit: "Uploads limited to 2 MiB/s" for each direction whose
 * limit holds now (a limit set only between two times says nothing outside them). Read from the same
 * settings the dialog saves, and looked at again every half minute for the window's edges.
 */
import { limitAt, minuteOfDay, rateText, type Direction } from '../../../shared/bandwidth';
import { useTransferSettings } from '../cache/queries';
import { useNow } from '../ui/useNow';

const WHO: Record<Direction, string> = { upload: 'Uploads', download: 'Downloads' };

export function BandwidthNote() {
  const settings = useTransferSettings().data;
  const minute = minuteOfDay(new Date(useNow()));
  if (!settings) return null;
  const limited = (['upload', 'download'] as const).flatMap((direction) => {
    const limit = limitAt(settings, direction, minute);
    return limit === null ? [] : [`${WHO[direction]} limited to ${rateText(limit)}`];
  });
  if (limited.length === 0) return null;
  return <span className="transfers-limit muted">{limited.join(' · ')}</span>;
}
