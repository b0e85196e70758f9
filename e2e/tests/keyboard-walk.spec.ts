import type { Locator, Page } from '@playwright/test';
import {
  buyCouponViaApi,
  createAdmin,
  createStaff,
  createWebinarViaApi,
  enrolSecondFactorViaApi,
  expect,
  logInViaApi,
  oathtool,
  signUpViaApi,
  test,
  uniqueEmail,
  useYouTubeStandIn,
} from './fixtures';
import { recordSecret } from './support/secrets';
import { expectFocusVisible, tabTo } from './support/wcag';

// The keyboard-only walk of WCAG 2.2 AA (issue 45, docs/testing.md#wcag-22-aa): a new customer
// signs up, logs in with the password and an authenticator's code, registers for a webinar,
// watches it, follows the coupon offer, pays with the test card and reaches the
// coupon's print button; a clerk redeems a bought coupon at the counter on a
// phone-sized screen. After each navigation only the keyboard acts (Tab, Shift+Tab, Enter, Space,
// arrows, typing); every control used is reached by Tab and shows its focus.

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, name: string, text: string) {
  await tabTo(page, field, name);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

// No entry animations: a focus ring measured mid-transition would read as unchanged.
test.use({ reducedMotion: 'reduce' });

test('a customer signs up, logs in with a code, registers, watches and buys a coupon with the keyboard alone', async ({ page, request, browser, baseURL }) => {
  // A customer's journey with a check after every key: minutes on a busy machine.
  test.setTimeout(600_000);
  const adminApi = await browser.newContext({ baseURL }).then((c) => c.request);
  await logInViaApi(adminApi, createAdmin());
  const webinar = await createWebinarViaApi(adminApi, { display_price: 40, actual_coupon_value_percentage: 120 });
  await useYouTubeStandIn(page);

  // Sign up: the Sign Up tab is one arrow key from the Login tab.
  const person = { firstName: 'Kay', lastName: 'Board', email: uniqueEmail('keyboard'), phone: '630-555-0142', password: 'keys-only-42' };
  recordSecret('password', person.password);
  await page.goto('/auth');
  // The page has finished loading (the footer is drawn once the app runs), as a person waits for.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await tabTo(page, page.getByRole('tab', { name: 'Login' }), 'Login tab');
  await page.keyboard.press('ArrowRight');
  const signUpTab = page.getByRole('tab', { name: 'Sign Up' });
  await expect(signUpTab).toBeFocused();
  await expect(signUpTab).toHaveAttribute('aria-selected', 'true');
  const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
  await typeInto(page, signUp.getByLabel('First Name'), 'First Name', person.firstName);
  await typeInto(page, signUp.getByLabel('Last Name'), 'Last Name', person.lastName);
  await typeInto(page, signUp.getByLabel('Email'), 'Email', person.email);
  await typeInto(page, signUp.getByLabel('Phone Number'), 'Phone Number', person.phone);
  await typeInto(page, signUp.getByLabel('Password', { exact: true }), 'Password', person.password);
  await typeInto(page, signUp.getByLabel('Confirm Password'), 'Confirm Password', person.password);
  const adult = signUp.getByLabel('I am 21 or older');
  await tabTo(page, adult, 'I am 21 or older');
  await page.keyboard.press('Space');
  await expect(adult).toBeChecked();
  await tabTo(page, signUp.getByRole('button', { name: 'Sign Up' }), 'Sign Up button');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Sign up successful!', { exact: true })).toBeVisible();

  // The account turns on its second factor (through the API, as the Security tab would).
  const account = { email: person.email, password: person.password, firstName: person.firstName, lastName: person.lastName };
  await logInViaApi(request, account);
  const secret = await enrolSecondFactorViaApi(request, account);

  // Log in: the e-mail just typed is not asked again (3.3.7) and focus waits in the password
  // field; the password, then the code.
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await expect(login.getByLabel('Email')).toHaveValue(person.email);
  const password = login.getByLabel('Password', { exact: true });
  await expectFocusVisible(page, password, 'Login password');
  await page.keyboard.type(person.password);
  await expect(password).toHaveValue(person.password);
  await tabTo(page, login.getByRole('button', { name: 'Login' }), 'Login button');
  await page.keyboard.press('Enter');
  const code = page.getByLabel('Enter the 6-digit code from your authenticator app');
  // The code field takes focus as it opens.
  await expectFocusVisible(page, code, 'code field');
  await page.keyboard.type(oathtool(secret, 30));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/);

  // Register: the dialog holds what the account already gave (3.3.7).
  await page.goto('/webinars');
  await tabTo(page, page.getByRole('article', { name: webinar.title }).getByRole('button', { name: 'Reserve Spot' }), 'Reserve Spot');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Register for Webinar' });
  await expect(dialog.getByLabel('Full Name')).toHaveValue(`${person.firstName} ${person.lastName}`);
  await expect(dialog.getByLabel('Email Address')).toHaveValue(person.email);
  await expect(dialog.getByLabel('Phone Number (Optional)')).toHaveValue(person.phone);
  await tabTo(page, dialog.getByRole('button', { name: 'Confirm Registration' }), 'Confirm Registration');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/webinar/${webinar.id}/watch$`));

  // Watch: the stand-in plays YouTube's part (its own controls live in YouTube's frame; the own
  // player's are walked in own-video.spec.ts); the page's controls are the keyboard's.
  await page.waitForFunction(() => window.__ytStandIn?.ready === true);
  await page.evaluate(() => window.__ytStandIn?.end());
  // The offer shows once the server has recorded the end.
  await expect(page.getByText('Video completed!', { exact: true })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Buy Your Discounted Coupon' }), 'Buy Your Discounted Coupon link');
  await page.keyboard.press('Enter');

  // Pay: the offer's button opens the card form, each field is typed, Enter on Pay.
  await expect(page).toHaveURL(new RegExp(`/webinar/${webinar.id}/coupon$`));
  const offer = page.getByRole('region', { name: 'Coupon offer' });
  await tabTo(page, offer.getByRole('button', { name: 'Buy Your Discounted Coupon' }), 'Buy Your Discounted Coupon button');
  await page.keyboard.press('Enter');
  const card = page.getByRole('form', { name: 'Card payment' });
  await typeInto(page, card.getByLabel('Card number'), 'Card number', '4242 4242 4242 4242');
  await typeInto(page, card.getByLabel('Expiry (MM / YY)'), 'Expiry', '12 / 34');
  await typeInto(page, card.getByLabel('CVC'), 'CVC', '123');
  await typeInto(page, card.getByLabel('ZIP'), 'ZIP', '60540');
  await tabTo(page, card.getByRole('button', { name: 'Pay $40.00' }), 'Pay button');
  await page.keyboard.press('Enter');

  // The coupon: shown on the page, and its print button is the keyboard's too.
  await expect(page.getByRole('heading', { name: 'Coupon Activated' })).toBeVisible();
  await expect(page.getByRole('article', { name: /^Coupon LW-/ })).toContainText('$48.00');
  await tabTo(page, page.getByRole('button', { name: 'Print Coupon' }), 'Print Coupon');
});

test('a clerk redeems a typed code at the counter with the keyboard alone', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const adminApi = await browser.newContext({ baseURL }).then((c) => c.request);
  await logInViaApi(adminApi, createAdmin());
  const webinar = await createWebinarViaApi(adminApi, { display_price: 40, actual_coupon_value_percentage: 120 });
  const customer = await browser.newContext({ baseURL }).then((c) => c.request);
  await logInViaApi(customer, await signUpViaApi(customer, 'walk-buyer'));
  const couponCode = await buyCouponViaApi(customer, webinar);

  // The counter on a phone: the clerk types the code and redeems it.
  const clerkContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });
  await clerkContext.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
  const clerk = await clerkContext.newPage();
  await logInViaApi(clerk.request, createStaff());
  await clerk.goto('/counter');
  const field = clerk.getByLabel('Coupon code');
  // The field takes focus as the counter opens, for a scanner that types.
  await expectFocusVisible(clerk, field, 'Coupon code');
  await clerk.keyboard.type(couponCode);
  await clerk.keyboard.press('Enter');
  const valid = clerk.getByRole('region', { name: 'VALID', exact: true });
  await expect(valid).toContainText('$48.00');
  await tabTo(clerk, valid.getByRole('button', { name: 'Mark Redeemed' }), 'Mark Redeemed');
  await clerk.keyboard.press('Enter');
  await expect(clerk.getByRole('region', { name: 'REDEEMED', exact: true })).toContainText('Apply $48.00 store credit.');
  await clerkContext.close();
});
