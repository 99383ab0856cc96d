import { describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../../shared/domain';
import { draftFrom, editDraft, inferAuthVersion, keepsSavedSecret, saveRequest } from './profileForm';

const saved: ProfileSummary = {
  id: 'p1',
  name: 'Prod',
  authUrl: 'http://h/v3',
  authVersion: '3',
  userName: 'u',
  tenantName: 'proj',
  tenantId: 'tid',
  userDomain: 'Default',
  projectDomain: undefined,
  secretKind: 'password',
  applicationCredentialId: undefined,
  hasSecret: true,
  lastRegion: 'RegionTwo',
};

describe('inferAuthVersion', () => {
  it('reads the version from the URL path, like the main process', () => {
    expect(inferAuthVersion('http://h:5000/v3/')).toBe('3');
    expect(inferAuthVersion('http://h/auth/v1.0')).toBe('1');
    expect(inferAuthVersion('http://h/v2.0')).toBe('2');
    expect(inferAuthVersion('not a url')).toBe('2');
  });
});

describe('the connection draft', () => {
  it('offers to save the secret by default only with an OS keychain', () => {
    expect(draftFrom(undefined, 'os').saveSecret).toBe(true);
    expect(draftFrom(undefined, 'plain-text').saveSecret).toBe(false);
    expect(draftFrom(saved, 'plain-text').saveSecret).toBe(true);
  });

  it('follows the URL with the version until the person picks one', () => {
    let draft = editDraft(draftFrom(undefined, 'os'), { authUrl: 'http://h/v3' });
    expect(draft.authVersion).toBe('3');
    draft = editDraft(draft, { authVersion: '2' });
    draft = editDraft(draft, { authUrl: 'http://h/v3/' });
    expect(draft.authVersion).toBe('2');
  });

  it('leaves the application credential kind when the version is not v3', () => {
    const draft = editDraft(draftFrom(saved, 'os'), { secretKind: 'applicationCredential' });
    expect(draft.secretKind).toBe('applicationCredential');
    expect(editDraft(draft, { authVersion: '2' }).secretKind).toBe('password');
  });
});

describe('saveRequest', () => {
  it('sends a typed secret only when it is to be saved, with consent to plain text when given', () => {
    const draft = { ...draftFrom(undefined, 'plain-text'), name: ' New ', authUrl: 'http://h/v2.0', secret: 'pw' };
    expect(saveRequest(draft, undefined).secret).toBeUndefined();
    const agreed = saveRequest({ ...draft, saveSecret: true, allowPlainText: true }, undefined);
    expect(agreed).toMatchObject({ name: 'New', secret: { kind: 'password', value: 'pw' }, allowPlainText: true });
    expect(agreed.id).toBeUndefined();
  });

  it('keeps the saved secret on an edit without one, and forgets it when unticked', () => {
    const draft = draftFrom(saved, 'os');
    expect(keepsSavedSecret(draft, saved)).toBe(true);
    const kept = saveRequest(draft, saved);
    expect(kept).toMatchObject({ id: 'p1', tenantId: 'tid', userDomain: 'Default', authVersion: '3' });
    expect(kept.secret).toBeUndefined();
    expect(kept.forgetSecret).toBeUndefined();
    expect(saveRequest({ ...draft, saveSecret: false }, saved).forgetSecret).toBe(true);
  });

  it('drops v3-only fields for other versions and carries the application credential id', () => {
    const v2 = saveRequest(editDraft(draftFrom(saved, 'os'), { authVersion: '2' }), saved);
    expect(v2.userDomain).toBeUndefined();
    const app = saveRequest(
      { ...draftFrom(saved, 'os'), secretKind: 'applicationCredential', applicationCredentialId: ' ac1 ', secret: 's' },
      saved,
    );
    expect(app).toMatchObject({
      applicationCredentialId: 'ac1',
      secret: { kind: 'applicationCredential', id: 'ac1', value: 's' },
    });
  });
});
