// The load test's visitor journey, run by k6 (https://grafana.com/docs/k6/).
// cmd/loadtest starts bin/watchwin, seeds the webinars, runs this script and
// checks the database afterwards; `make loadtest` is the way to run it.
//
// Scenario "buyers": LOADTEST_VUS virtual users, arriving over LOADTEST_RAMP
// (10s) and then all of them for LOADTEST_DURATION (60s), each
// iteration a new visitor with its own account and client address (sent in
// X-Forwarded-For, which the server believes from 127.0.0.1 only): sign up,
// log in, list webinars, register, mark the video watched, start a payment,
// pay with the test provider's good card, confirm, fetch the coupon, open the
// dashboard. Most visitors pick a webinar with plenty of seats; some pick a
// small one, which sells out (409 sold_out is an expected answer there).
//
// Scenario "late_payers" (runs of 60 s or more): one virtual user per
// one-seat webinar starts a payment, waits until its seat hold has lapsed
// (the server runs with a 1-minute hold), lets another visitor buy the seat,
// then pays and confirms: the payment must be refunded (409 payment_refunded).

import http from 'k6/http';
import exec from 'k6/execution';
import { check, sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const BASE = __ENV.BASE_URL;
const LARGE = (__ENV.WEBINARS_LARGE || '').split(',').filter(Boolean);
const SMALL = (__ENV.WEBINARS_SMALL || '').split(',').filter(Boolean);
const LATE = (__ENV.WEBINARS_LATE || '').split(',').filter(Boolean);
const VUS = parseInt(__ENV.LOADTEST_VUS || '100', 10);
const DURATION = __ENV.LOADTEST_DURATION || '60s';
const RAMP = __ENV.LOADTEST_RAMP || '10s'; // visitors arrive over this time, then all stay for DURATION
const THINK = parseFloat(__ENV.LOADTEST_THINK || '1'); // mean seconds between steps
const SMALL_SHARE = 0.1; // share of visitors who try a small webinar
const HOLD_SECONDS = 60; // WATCHWIN_SEAT_HOLD_MINUTES=1, set by cmd/loadtest
// A journey has 11 pauses of up to 1.5 × THINK: when the run ends, journeys
// under way get that long (and 30 s for the answers) to finish, so none is
// cut off mid-request.
const GRACE = `${Math.ceil(30 + 11 * 1.5 * THINK)}s`;

// Statuses counted one by one; anything else lands in "other".
const STATUSES = [0, 200, 201, 204, 400, 401, 402, 403, 404, 409, 413, 415, 429, 500, 502, 503, 504];
const responses = {};
const unexpected = {};
for (const s of [...STATUSES, 'other']) {
  responses[s] = new Counter(`responses_${s}`);
  unexpected[s] = new Counter(`unexpected_${s}`);
}
const STEPS = ['signup', 'login', 'webinars', 'register', 'watched', 'start_payment', 'pay_card',
  'confirm', 'coupon', 'dashboard'];
const stepTrend = {};
for (const s of STEPS) stepTrend[s] = new Trend(`step_${s}`, true);
const coupons = new Counter('journey_coupons');
const soldOut = new Counter('journey_sold_out');
const refunded = new Counter('journey_refunded');
const lateCoupons = new Counter('late_payer_coupons');

export const options = {
  scenarios: {
    buyers: {
      executor: 'ramping-vus', exec: 'buyer', startVUs: 0, gracefulStop: GRACE, gracefulRampDown: GRACE,
      stages: [{ duration: RAMP, target: VUS }, { duration: DURATION, target: VUS }],
    },
  },
  summaryTrendStats: ['med', 'p(90)', 'p(99)', 'max'],
  // Statuses are judged by the checks below, not by k6's default (< 400).
  discardResponseBodies: false,
};
if (LATE.length > 0) {
  options.scenarios.late_payers = {
    executor: 'per-vu-iterations', exec: 'latePayer', vus: LATE.length, iterations: 1,
    maxDuration: `${HOLD_SECONDS + 60}s`,
  };
}
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 499 }));

// A visitor: a cookie jar, a client address and the calls of the journey.
function visitor(address) {
  const jar = new http.CookieJar();
  const headers = { 'Content-Type': 'application/json', Origin: BASE, 'X-Forwarded-For': address };
  // call sends one request, counts its status and whether the step expected
  // it, and returns the response.
  function call(step, method, path, body, expected) {
    const res = http.request(method, BASE + path, body === undefined ? null : JSON.stringify(body),
      { headers, jar, tags: { name: step }, responseType: 'text' });
    const key = STATUSES.includes(res.status) ? res.status : 'other';
    responses[key].add(1);
    stepTrend[step].add(res.timings.duration);
    const ok = expected.includes(res.status);
    if (!ok) {
      unexpected[key].add(1);
      console.warn(`${step}: ${method} ${path} answered ${res.status}: ${String(res.body || res.error).slice(0, 200)}`);
    }
    check(res, { [`${step} answers ${expected.join(' or ')}`]: () => ok });
    return res;
  }
  return { call };
}

function think() {
  if (THINK > 0) sleep(THINK * (0.5 + Math.random()));
}

// address returns a distinct IPv4 address for the n-th visitor of a scenario.
function address(prefix, n) {
  return `${prefix}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

// signUpAndLogIn creates a new account for v and signs it in; false when a
// step failed.
function signUpAndLogIn(v, tag) {
  const email = `lt-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'load-test-pass';
  let res = v.call('signup', 'POST', '/api/auth/signup', {
    email, password, confirmPassword: password, firstName: 'Load', lastName: 'Tester',
    phoneNumber: '(630) 555-0100', ageConfirmed: true,
  }, [201]);
  if (res.status !== 201) return null;
  think();
  res = v.call('login', 'POST', '/api/auth/login', { email, password }, [200]);
  if (res.status !== 200) return null;
  return email;
}

// registerAndWatch registers the signed-in visitor for the webinar and marks
// the video watched.
function registerAndWatch(v, email, webinarId) {
  let res = v.call('register', 'POST', `/api/webinars/${webinarId}/registrations`,
    { name: 'Load Tester', email }, [201]);
  if (res.status !== 201) return false;
  think();
  res = v.call('watched', 'POST', `/api/webinars/${webinarId}/registration/watched`, undefined, [200]);
  return res.status === 200;
}

function payCard(v, intent) {
  return v.call('pay_card', 'POST', `/api/payments/test-intents/${intent.id}/confirm`, {
    client_secret: intent.clientSecret, card_number: '4242 4242 4242 4242', exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 1, cvc: '123', postal_code: '60540',
  }, [200]);
}

export function buyer() {
  const n = exec.scenario.iterationInTest;
  const v = visitor(address('10', n));
  const email = signUpAndLogIn(v, `b${n}`);
  if (!email) return;
  think();
  const list = v.call('webinars', 'GET', '/api/webinars', undefined, [200]);
  if (list.status !== 200) return;
  const small = SMALL.length > 0 && Math.random() < SMALL_SHARE;
  const pool = small ? SMALL : LARGE;
  const webinarId = pool[Math.floor(Math.random() * pool.length)];
  think();
  if (!registerAndWatch(v, email, webinarId)) return;
  think();
  // Only a small webinar may be sold out.
  const started = v.call('start_payment', 'POST', `/api/webinars/${webinarId}/payments`, undefined,
    small ? [201, 409] : [201]);
  if (started.status === 409) {
    check(started, { 'a refused start is sold_out or seats_held': (r) => ['sold_out', 'seats_held'].includes(r.json('error.code')) });
    soldOut.add(1);
  } else if (started.status === 201) {
    const intent = started.json();
    think();
    if (payCard(v, intent).status !== 200) return;
    const confirmed = v.call('confirm', 'POST', '/api/payments/confirm', { paymentIntentId: intent.id }, [200]);
    if (confirmed.status !== 200) return;
    coupons.add(1);
    think();
    const mine = v.call('coupon', 'GET', `/api/webinars/${webinarId}/coupon`, undefined, [200]);
    check(mine, { 'the coupon is the one confirmed': (r) => r.json('coupon.code') === confirmed.json('code') });
  } else {
    return;
  }
  think();
  v.call('dashboard', 'GET', '/api/auth/session', undefined, [200]);
  v.call('dashboard', 'GET', '/api/registrations', undefined, [200]);
  v.call('dashboard', 'GET', '/api/coupons', undefined, [200]);
}

// latePayer: its payment's seat hold lapses, someone else buys the seat, and
// its own payment, confirmed afterwards, is refunded.
export function latePayer() {
  const i = exec.vu.idInTest;
  const webinarId = LATE[exec.scenario.iterationInTest % LATE.length];
  const late = visitor(address('11', 2 * i));
  const lateEmail = signUpAndLogIn(late, `late${i}`);
  if (!lateEmail || !registerAndWatch(late, lateEmail, webinarId)) return;
  const started = late.call('start_payment', 'POST', `/api/webinars/${webinarId}/payments`, undefined, [201]);
  if (started.status !== 201) return;
  const intent = started.json();
  sleep(HOLD_SECONDS + 2); // the hold lapses

  const other = visitor(address('11', 2 * i + 1));
  const otherEmail = signUpAndLogIn(other, `seat${i}`);
  if (!otherEmail || !registerAndWatch(other, otherEmail, webinarId)) return;
  const seat = other.call('start_payment', 'POST', `/api/webinars/${webinarId}/payments`, undefined, [201]);
  if (seat.status !== 201) return;
  if (payCard(other, seat.json()).status !== 200) return;
  const bought = other.call('confirm', 'POST', '/api/payments/confirm', { paymentIntentId: seat.json('id') }, [200]);
  if (bought.status === 200) lateCoupons.add(1);

  if (payCard(late, intent).status !== 200) return;
  const res = late.call('confirm', 'POST', '/api/payments/confirm', { paymentIntentId: intent.id }, [409]);
  if (check(res, { 'the late payment is refunded': (r) => r.json('error.code') === 'payment_refunded' })) {
    refunded.add(1);
  }
}

// handleSummary hands k6's figures to cmd/loadtest, which prints them.
export function handleSummary(data) {
  return { [__ENV.SUMMARY_FILE || 'summary.json']: JSON.stringify(data) };
}
