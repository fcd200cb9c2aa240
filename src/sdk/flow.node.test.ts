import { flowCases } from '../../test/sdk-platform/cases/flow.ts';
import { nodeSuite } from '../../test/sdk-platform/node-suite.ts';

flowCases(nodeSuite());
