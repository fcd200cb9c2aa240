import { errorCases } from '../../test/sdk-platform/cases/errors.ts';
import { nodeSuite } from '../../test/sdk-platform/node-suite.ts';

errorCases(nodeSuite());
