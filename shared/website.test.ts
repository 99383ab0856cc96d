import { describe, expect, it } from 'vitest';
import { originProblem, spaceList, websiteMetadataChange, websiteOf, websiteProblems } from './website';

describe('static website and CORS settings', () => {
  it('reads the settings from container metadata, listings as Swift reads them', () => {
    const site = websiteOf({
      'web-index': 'index.html',
      'web-listings': 'Yes',
      'access-control-allow-origin': 'https://a.example *',
      owner: 'me',
    });
    expect(site).toEqual({
      index: 'index.html',
      error: '',
      listings: true,
      listingsCss: '',
      allowOrigin: 'https://a.example *',
      maxAge: '',
      exposeHeaders: '',
    });
    // config_true_value: anything but its true words is off.
    expect(websiteOf({ 'web-listings': 'false' }).listings).toBe(false);
    expect(websiteOf({ 'web-listings': 'enabled' }).listings).toBe(false);
  });

  it('turns a change into one set and one remove list, naming only what changed', () => {
    expect(websiteMetadataChange({ index: 'index.html', error: null, listings: true, maxAge: '' })).toEqual({
      set: { 'web-index': 'index.html', 'web-listings': 'true' },
      remove: ['web-error', 'access-control-max-age'],
    });
    expect(websiteMetadataChange({ listings: false })).toEqual({ set: {}, remove: ['web-listings'] });
    expect(websiteMetadataChange({})).toEqual({ set: {}, remove: [] });
  });

  it('stores a typed list space-separated, as Swift splits it', () => {
    expect(spaceList('https://a.example\n  http://localhost:8080, *\n')).toBe(
      'https://a.example http://localhost:8080 *',
    );
    expect(spaceList(' \n ')).toBe('');
  });

  it('takes origins only as browsers send them', () => {
    for (const ok of ['*', 'https://a.example', 'http://localhost:8080', 'http://[::1]:3000', 'app://cirrus'])
      expect(originProblem(ok)).toBeUndefined();
    expect(originProblem('https://a.example/')).toContain('an origin ends at the host or port: https://a.example.');
    expect(originProblem('https://a.example/app')).toContain('has a path');
    expect(originProblem('https://A.example')).toContain('lower case, https://a.example.');
    expect(originProblem('https://a.example:443')).toContain('leave out the default port, so write https://a.example.');
    expect(originProblem('http://a.example:70000')).toContain('70000 is not a port number');
    expect(originProblem('http://a.example:x')).toContain('the port is a number');
    expect(originProblem('a.example')).toContain('is not an origin');
    expect(originProblem('https://bücher.example')).toContain('ASCII (xn--) form');
  });

  it('checks every field as Swift will store it', () => {
    expect(websiteProblems('allowOrigin', 'https://a.example https://b.example/')).toHaveLength(1);
    expect(websiteProblems('allowOrigin', 'https://a.example,https://b.example')[0]).toContain('not commas');
    expect(websiteProblems('maxAge', '600')).toEqual([]);
    expect(websiteProblems('maxAge', '10 min')).toEqual(['The max age is a whole number of seconds.']);
    expect(websiteProblems('exposeHeaders', 'X-Object-Meta-Color ETag')).toEqual([]);
    expect(websiteProblems('exposeHeaders', 'X-Color: ETag')).toEqual(['“X-Color:” is not a header name.']);
    expect(websiteProblems('index', '/index.html')[0]).toContain('without a leading “/”');
    expect(websiteProblems('index', 'índex.html')).toEqual([]);
    expect(websiteProblems('error', 'error.html\n')[0]).toContain('control characters');
    expect(websiteProblems('listingsCss', ' listing.css')[0]).toContain('space');
    expect(websiteProblems('error', 'é'.repeat(129), 256)).toEqual([
      'This region stores at most 256 bytes per value; this is 258.',
    ]);
    for (const field of ['index', 'error', 'listingsCss', 'allowOrigin', 'maxAge', 'exposeHeaders'] as const)
      expect(websiteProblems(field, '')).toEqual([]);
  });
});
