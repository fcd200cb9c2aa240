import { redirectCases } from '../../test/sdk-platform/cases/redirects.ts';
import { nodeSuite } from '../../test/sdk-platform/node-suite.ts';

redirectCases(nodeSuite());
