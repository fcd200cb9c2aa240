import { webhookCases } from '../../test/sdk-platform/cases/webhooks.ts';
import { nodeSuite } from '../../test/sdk-platform/node-suite.ts';

webhookCases(nodeSuite());
