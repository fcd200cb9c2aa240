import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { webhookCases } from '../../test/sdk-platform/cases/webhooks.ts';

webhookCases(browserSuite());
