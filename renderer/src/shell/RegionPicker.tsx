import { useId } from 'react';
import type { Region } from '../../../shared/domain';

interface Props {
  regions: readonly Region[];
  value: string;
  onChange: (region: string) => void;
}

export function RegionPicker({ regions, value, onChange }: Props) {
  const id = useId();
  return (
    <div className="region-picker">
      <label htmlFor={id} className="toolbar-label">
        Region
      </label>
      <select id={id} aria-label="Region" value={value} onChange={(e) => onChange(e.target.value)}>
        {regions.map((region) => (
          <option key={region.name} value={region.name} title={region.endpoint}>
            {region.name}
          </option>
        ))}
      </select>
    </div>
  );
}
