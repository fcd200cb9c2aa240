import { loginCases } from '../../test/sdk-platform/cases/login.ts';
import { nodeSuite } from '../../test/sdk-platform/node-suite.ts';

loginCases(nodeSuite());
