import { EgressGuard, testOnlyLoopbackAllowance } from '../../src/http/egressGuard.js';

/**
 * The egress guard engine tests hand their translators: the test-only loopback allowance lets
 * them reach their stand-ins on 127.0.0.1, as startTestServer's guard does for push stand-ins.
 */
export const standInEgress = new EgressGuard({ allowance: testOnlyLoopbackAllowance() });
