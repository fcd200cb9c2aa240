import { httpCases } from '../../test/sdk-platform/cases/http.ts';
import { nodeSuite } from '../../test/sdk-platform/node-suite.ts';

httpCases(nodeSuite());
