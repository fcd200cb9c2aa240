import { strategyCases } from '../../test/sdk-platform/cases/strategies.ts';
import { nodeSuite } from '../../test/sdk-platform/node-suite.ts';

strategyCases(nodeSuite());
