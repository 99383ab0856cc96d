import { useContext } from 'react';
import { CheckFailedDialog, ConflictDialog } from './ConflictDialog';
import { QuestionsContext } from './FileWorkProvider';
import { QuotaWarningDialog } from './QuotaWarningDialog';

/**
 * The one place the file work's questions show, whichever pane started the work: a quota that would be
 * exceeded, then names already there, then why a drop started nothing. Rendered once per workspace.
 */
export function FileWorkDialogs() {
  const questions = useContext(QuestionsContext);
  if (!questions) throw new Error('FileWorkDialogs outside FileWorkProvider');
  const { warning, asking, failure, closeFailure } = questions;
  if (warning) return <QuotaWarningDialog warning={warning.text} onDone={warning.answer} />;
  if (asking) return <ConflictDialog question={asking.question} onDone={asking.answer} />;
  if (failure) return <CheckFailedDialog failure={failure} onClose={closeFailure} />;
  return null;
}
