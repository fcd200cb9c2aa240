import { tokenCases } from '../../test/sdk-platform/cases/tokens.ts';
import { nodeSuite } from '../../test/sdk-platform/node-suite.ts';

tokenCases(nodeSuite());
