import { test, expect, signUpViaApi, createAdmin, logIn, uniqueEmail } from './fixtures';

test.describe('accounts', () => {
  test('a visitor signs up, logs in and logs out', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).first().click();
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('tabpanel', { name: 'Sign Up' });
    // Empty submit shows the messages of docs/product.md#validation-and-its-messages next to the fields.
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Phone number is required')).toBeVisible();

    await form.getByLabel('First Name').fill('Jamie');
    await form.getByLabel('Last Name').fill('Rivera');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone Number').fill('(630) 555-0123');
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await form.getByLabel('Confirm Password').fill('secret124');
    await form.getByLabel('I am 21 or older').check();
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByText("Passwords don't match")).toBeVisible();

    await form.getByLabel('Confirm Password').fill('secret123');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Sign up successful!', { exact: true })).toBeVisible();
    await expect(page.getByText('Please check your email for confirmation.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill('secret123');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Portal' })).toHaveCount(0);

    // The session survives a reload (HttpOnly cookie).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  });

  test('a duplicate e-mail and a wrong password get clear errors', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('tabpanel', { name: 'Sign Up' });
    await form.getByLabel('First Name').fill('Sam');
    await form.getByLabel('Last Name').fill('Again');
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Phone Number').fill('6305550100');
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await form.getByLabel('Confirm Password').fill('secret123');
    await form.getByLabel('I am 21 or older').check();
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Error signing up', { exact: true })).toBeVisible();
    await expect(form.getByText('An account with this email already exists.')).toBeVisible();

    await page.getByRole('tab', { name: 'Login' }).click();
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill('not-the-password');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Error signing in', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
  });
});

test.describe('guards', () => {
  test('a signed-out visitor is sent to /auth and back to the page they wanted', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth/);
    await logIn(page, account, page.url());
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  });

  test('/login redirects to /auth', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  });

  test('a user on an admin route is sent home; an admin gets in', async ({ page, request }) => {
    const user = await signUpViaApi(request);
    await logIn(page, user);
    await page.goto('/admin/webinars');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Manage Webinars' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();

    const admin = createAdmin();
    await logIn(page, admin);
    await page.getByRole('link', { name: 'Admin Portal' }).first().click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/webinars/management');
    await expect(page.getByText(/under construction/i)).toBeVisible();
  });

  test('a signed-out visitor on an admin route goes to /auth', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/auth/);
  });
});

test('an unknown page shows the 404 page with its links', async ({ page }) => {
  const missing: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error') missing.push(msg.text()); });
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  expect(missing.join('\n')).toContain('/no/such/page');
  await page.getByRole('link', { name: 'Browse Webinars' }).click();
  await expect(page).toHaveURL(/\/webinars$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('static pages have real content', async ({ page }) => {
  for (const [path, heading] of [
    ['/about', /about/i], ['/contact', /contact/i], ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'], ['/how-it-works', 'How It Works'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.goto('/contact');
  await expect(page.getByText(/Naperville, IL/).first()).toBeVisible();
});
