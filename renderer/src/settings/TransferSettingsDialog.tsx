import { useId, useState } from 'react';
import { bandwidthText, NO_BANDWIDTH_LIMITS, readBandwidthText } from '../../../shared/bandwidth';
import { parseSize } from '../../../shared/quotas';
import {
  DEFAULT_TRANSFER_SETTINGS,
  readSettingsText,
  settingsText,
  sizeFieldText,
  type TransferSettings,
  type TransferSettingsText,
} from '../../../shared/transfer-settings';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatExactBytes } from '../ui/format';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { useTransferSettings } from '../cache/queries';
import { BandwidthFields } from './BandwidthFields';
import { useSaveTransferSettings } from './queries';
import './settings.css';

const TITLE = 'Transfer settings';
const D = DEFAULT_TRANSFER_SETTINGS;

/** What each field does, in one line (the defaults are the measured ones, see shared/transfer-settings.ts). */
const FIELDS: { key: keyof TransferSettingsText; label: string; hint: string; size: boolean }[] = [
  {
    key: 'segmentThreshold',
    label: 'Segment threshold',
    hint: `Files larger than this go up in segments, several at once (default ${sizeFieldText(D.segmentThreshold)}).`,
    size: true,
  },
  {
    key: 'segmentSize',
    label: 'Segment size',
    hint: `How large each segment is; a file one segment holds goes up whole (default ${sizeFieldText(D.segmentSize)}).`,
    size: true,
  },
  {
    key: 'streams',
    label: 'Parallel streams',
    hint: `How many segments of one file are sent at once (default ${D.streams}).`,
    size: false,
  },
  {
    key: 'filesAtOnce',
    label: 'Files at once',
    hint: `How many uploads and downloads run at once; the others wait their turn (default ${D.filesAtOnce}).`,
    size: false,
  },
  {
    key: 'editLimit',
    label: 'Edit size limit',
    hint: `The largest object "Edit in an editor" opens; larger ones are for downloading (default ${sizeFieldText(D.editLimit)}).`,
    size: true,
  },
];

/**
 * How uploads are split, how many files move at once and how fast: read from the main process, which keeps
 * them in the app's data folder.
 */
export function TransferSettingsDialog({ onClose }: { onClose: () => void }) {
  const settings = useTransferSettings();
  if (settings.data) return <SettingsForm saved={settings.data} onClose={onClose} />;
  return (
    <Dialog
      title={TITLE}
      className="settings-dialog"
      onSubmit={() => undefined}
      onClose={onClose}
      actions={<DialogButtons action="Save" onCancel={onClose} disabled />}
    >
      {settings.isError ? (
        <ErrorMessage
          title="Could not read the transfer settings."
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <p className="muted">Reading the settings…</p>
      )}
    </Dialog>
  );
}

function SettingsForm({ saved, onClose }: { saved: TransferSettings; onClose: () => void }) {
  const id = useId();
  const [text, setText] = useState(() => settingsText(saved));
  const [bandwidth, setBandwidth] = useState(() => bandwidthText(saved));
  const save = useSaveTransferSettings();
  const { problems, settings: typed } = readSettingsText(text);
  const limits = readBandwidthText(bandwidth);
  // All of them at once: the save replaces every setting with what the dialog shows.
  const settings: TransferSettings | undefined = typed && limits.limits && { ...typed, ...limits.limits };
  const unchanged =
    settings !== undefined && (Object.keys(saved) as (keyof TransferSettings)[]).every((k) => settings[k] === saved[k]);

  return (
    <Dialog
      title={TITLE}
      className="settings-dialog"
      onSubmit={() => settings && !unchanged && save.mutate(settings, { onSuccess: onClose })}
      onClose={onClose}
      busy={save.isPending}
      actions={
        <DialogButtons
          action="Save"
          running="Saving…"
          onCancel={onClose}
          busy={save.isPending}
          disabled={settings === undefined || unchanged}
        />
      }
    >
      <p className="muted">
        For the transfers you start from now on; files at once also for those waiting, the limits also for those
        running.
      </p>
      <div className="settings-fields">
        {FIELDS.map((field, index) => {
          const value = text[field.key];
          const bytes = field.size ? parseSize(value) : undefined;
          const problem = problems[field.key];
          const fieldId = `${id}-${field.key}`;
          return (
            <div key={field.key} className="settings-field">
              <label htmlFor={fieldId}>{field.label}</label>
              <input
                id={fieldId}
                value={value}
                inputMode={field.size ? 'text' : 'numeric'}
                spellCheck={false}
                autoComplete="off"
                data-autofocus={index === 0 || undefined}
                aria-invalid={problem !== ''}
                aria-describedby={`${fieldId}-hint ${fieldId}-problem`}
                disabled={save.isPending}
                onChange={(e) => setText({ ...text, [field.key]: e.target.value })}
              />
              <span className="muted settings-exact">
                {bytes !== undefined && problem === '' ? `= ${formatExactBytes(bytes)}` : ''}
              </span>
              <p id={`${fieldId}-hint`} className="muted settings-hint">
                {field.hint}
              </p>
              <p id={`${fieldId}-problem`} className="settings-problem" aria-live="polite">
                {problem}
              </p>
            </div>
          );
        })}
      </div>
      <BandwidthFields text={bandwidth} problems={limits.problems} disabled={save.isPending} onChange={setBandwidth} />
      <div>
        <button
          type="button"
          onClick={() => {
            setText(settingsText(D));
            setBandwidth(bandwidthText(NO_BANDWIDTH_LIMITS));
          }}
          disabled={save.isPending}
        >
          Restore defaults
        </button>
      </div>
      {save.isError && <ErrorMessage title="The settings were not saved." error={save.error} />}
    </Dialog>
  );
}
