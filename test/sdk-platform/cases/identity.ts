// Identity types and profile reading, the visitor cookie pre-warm, and media URLs within the image limits.
import {
  FACTOR_STATUSES,
  FACTOR_TYPES,
  IDENTITY_STATUSES,
  IDENTITY_TYPES,
  MFA_REASONS,
  PENDING_REASONS,
  PRIVACY_STATUSES,
  readIdentity,
  SUBJECT_TYPES,
} from '../../../src/sdk/identity.ts';
import {
  clampQuality,
  getCroppedImageUrl,
  getImageUrl,
  getScaledToFillImageUrl,
  getScaledToFitImageUrl,
  limitImageSize,
} from '../../../src/sdk/media.ts';
import { prewarmVisitorCookie, readVisitorCookie, visitorCookie } from '../../../src/sdk/visitor-cookie.ts';
import { activeMemberIdentity } from '../fixtures.ts';
import { platformHooks, type Suite, thrown } from '../harness.ts';
import { oauthClient } from '../helpers.ts';

const IMAGE = 'wix:image://v1/11062b_k3madya~mv2.jpg/ahli k3 madya.jpg#originWidth=3000&originHeight=2000';

export function identityCases(suite: Suite): void {
  const { describe, it, assert } = suite;

  describe('platform SDK identity, visitor cookie and media', () => {
    describe('identity', () => {
      it('has the typed unions of the spec', () => {
        assert.deepEqual([...IDENTITY_STATUSES], ['PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE']);
        assert.deepEqual([...PENDING_REASONS], ['ADMIN_APPROVAL_REQUIRED', 'EMAIL_VERIFICATION_REQUIRED']);
        assert.deepEqual(
          [...FACTOR_TYPES],
          ['PASSWORD', 'SMS', 'CALL', 'EMAIL', 'TOTP', 'PUSH', 'WEBAUTHN', 'RECOVERY_CODE'],
        );
        assert.deepEqual(
          [...FACTOR_STATUSES],
          ['ENABLED', 'REQUIRE_ACTIVATION', 'REQUIRE_REENROLL', 'ENABLED_BY_RULE', 'DISABLED_BY_RULE'],
        );
        assert.deepEqual([...MFA_REASONS], ['USER_SETTINGS', 'HIGH_RISK_LOGIN']);
        assert.deepEqual([...PRIVACY_STATUSES], ['PUBLIC', 'PRIVATE']);
        assert.deepEqual([...SUBJECT_TYPES], ['UNKNOWN', 'USER', 'VISITOR', 'MEMBER', 'APP']);
        assert.deepEqual([...IDENTITY_TYPES], ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP']);
      });

      it('reads the profile: custom fields with numValue and dateValue, tagged addresses, privacy, factors', () => {
        const identity = readIdentity(activeMemberIdentity());
        assert.equal(identity?.status?.name, 'ACTIVE');
        const profile = identity?.identityProfile;
        assert.equal(profile?.privacyStatus, 'PRIVATE');
        assert.deepEqual(profile?.customFields, [
          { name: 'custom.level', value: { numValue: 3 } },
          { name: 'custom.certifiedSince', value: { dateValue: '2024-01-02T00:00:00.000Z' } },
          { name: 'custom.city', value: { strValue: 'Jakarta' } },
        ]);
        assert.deepEqual(
          profile?.addresses?.map((a) => [a.tag, a.address.city]),
          [
            ['HOME', 'Jakarta'],
            ['WORK', 'Bandung'],
          ],
        );
        assert.deepEqual(
          identity?.factors?.map((f) => f.type),
          ['PASSWORD', 'EMAIL'],
          'an unknown factor type is dropped',
        );
        assert.equal(
          readIdentity({ id: 'x', identityProfile: { privacyStatus: 'SECRET' } })?.identityProfile?.privacyStatus,
          undefined,
        );
        assert.equal(readIdentity({ status: 'ACTIVE' }), undefined);
      });
    });

    describe('visitor cookie', () => {
      platformHooks(suite);

      it('pre-warms a visitor cookie valid for 7 days and reads it back', async () => {
        const { auth } = oauthClient(suite);
        const cookie = await prewarmVisitorCookie(auth, { secure: false });
        const tokens = auth.getTokens();
        assert.equal(
          cookie,
          `poptin-sdk-visitor=${encodeURIComponent(tokens.refreshToken.value)}; Max-Age=604800; Path=/; SameSite=Lax`,
        );
        assert.deepEqual(readVisitorCookie(`other=1; ${cookie!.split(';')[0]}`), tokens.refreshToken);
        if (suite.environment === 'browser') {
          assert.deepEqual(readVisitorCookie(document.cookie), tokens.refreshToken, 'written to document.cookie');
          document.cookie = 'poptin-sdk-visitor=; Max-Age=0; Path=/';
        }
      });

      it('never puts a member token in the cookie', async () => {
        const error = thrown(() => visitorCookie({ value: 'member-refresh', role: 'member' }));
        assert.equal(error.name, 'TypeError');
        const { auth } = oauthClient(suite, {
          tokens: {
            accessToken: { value: 'a', expiresAt: 4_000_000_000 },
            refreshToken: { value: 'r', role: 'member' },
          },
        });
        assert.equal(await prewarmVisitorCookie(auth), undefined);
        assert.match(
          visitorCookie({ value: 'v', role: 'visitor' }, { secure: true, domain: 'k3.example' }),
          /; Domain=k3\.example; Secure$/,
        );
      });
    });

    describe('media', () => {
      it('builds the media URL and reads the original size from a media URI', () => {
        assert.deepEqual(getImageUrl(IMAGE), {
          id: '11062b_k3madya~mv2.jpg',
          fileName: 'ahli k3 madya.jpg',
          width: 3000,
          height: 2000,
          url: 'https://static.wixstatic.com/media/11062b_k3madya~mv2.jpg',
        });
        assert.equal(getImageUrl('https://static.wixstatic.com/media/abc~mv2.png').id, 'abc~mv2.png');
        assert.equal(thrown(() => getImageUrl('javascript:alert(1)')).name, 'TypeError');
      });

      it('clamps quality to 5..90 and caps the device pixel ratio at 2', () => {
        assert.equal(clampQuality(1), 5);
        assert.equal(clampQuality(95), 90);
        assert.equal(clampQuality(undefined), 75);
        assert.equal(
          getScaledToFillImageUrl(IMAGE, 300, 200, { devicePixelRatio: 3, quality: 100 }),
          'https://static.wixstatic.com/media/11062b_k3madya~mv2.jpg/v1/fill/w_600,h_400,q_90/ahli%20k3%20madya.jpg',
        );
        assert.equal(
          getScaledToFitImageUrl(IMAGE, 300, 200, { devicePixelRatio: 1.5, quality: 2 }),
          'https://static.wixstatic.com/media/11062b_k3madya~mv2.jpg/v1/fit/w_450,h_300,q_5/ahli%20k3%20madya.jpg',
        );
      });

      it('never asks for more than 25 million pixels', () => {
        const size = limitImageSize(8000, 6000, 2);
        assert.ok(size.width * size.height <= 25_000_000, `${size.width}x${size.height}`);
        assert.ok(size.width * size.height > 24_990_000, 'scaled down no further than needed');
        assert.equal(Math.round((size.width / size.height) * 100), 133, 'aspect ratio kept');
        assert.deepEqual(limitImageSize(5000, 5000, 1), { width: 5000, height: 5000 });
        assert.equal(
          getCroppedImageUrl(IMAGE, { x: 10, y: 20, width: 800, height: 600 }, 400, 300, { devicePixelRatio: 1 }),
          'https://static.wixstatic.com/media/11062b_k3madya~mv2.jpg/v1/crop/x_10,y_20,w_800,h_600/fill/w_400,h_300,q_75/ahli%20k3%20madya.jpg',
        );
      });
    });
  });
}
