import { identityCases } from '../../test/sdk-platform/cases/identity.ts';
import { nodeSuite } from '../../test/sdk-platform/node-suite.ts';

identityCases(nodeSuite());
