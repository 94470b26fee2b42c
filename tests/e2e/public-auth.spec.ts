import {
  ADMIN,
  Api,
  expect,
  fillSignInForm,
  fillSignUpForm,
  hydrated,
  mainNav,
  newAccount,
  nextDialog,
  readJson,
  storedUserInfo,
  test,
  type UserInfo,
} from './fixtures';

/**
 * Sign-up, sign-in, signed-in navigation, sign-out and /profile as a reader meets them
 * (SPEC.md §2, §4, §5, §8; DECISIONS.md §9; issue 4 items 1, 6, 10).
 */

test.describe('sign-up', () => {
  test('has the four required fields, an e-mail input and the Sign Up button', async ({ page }) => {
    await page.goto('/signup');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    for (const label of ['Name', 'Email', 'Password', 'Confirm Password']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
    }
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  test('different passwords show "Passwords do not match" and send nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/users/signup')) sent.push(r.url());
    });
    const account = newAccount();
    await page.goto('/signup');
    await hydrated(page);
    await fillSignUpForm(page, account, `${account.password}-typo`);

    await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/signup');
    expect(sent).toEqual([]);
    expect(await storedUserInfo(page)).toBeNull();
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

    // Submitting again still sends nothing, and only one toast is shown at a time.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Passwords do not match', { exact: true })).toHaveCount(1);
    expect(sent).toEqual([]);
  });

  test('a new reader lands on the home page, signed in', async ({ page }) => {
    const account = newAccount();
    await page.goto('/signup');
    await hydrated(page);
    await fillSignUpForm(page, account);

    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Read latest and other stories' }),
    ).toBeVisible();
    const nav = mainNav(page);
    const menu = nav.getByText(account.name, { exact: true });
    await expect(menu).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await menu.click();
    await expect(nav.getByRole('link', { name: 'User Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    // A reader has no back office.
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    const info = await storedUserInfo(page);
    expect(info).toMatchObject({ name: account.name, email: account.email, role: 'reader' });
    expect(typeof info?.token).toBe('string');
  });

  test('a new reader goes to the redirect target', async ({ page, api }) => {
    const home = await api.homeCategories();
    const target = `/category/${home[0]?.slug}`;
    const account = newAccount();
    await page.goto(`/signup?redirect=${encodeURIComponent(target)}`);
    await hydrated(page);
    await fillSignUpForm(page, account);
    await expect(page).toHaveURL(target);
    await expect(page.getByRole('heading', { level: 1, name: home[0]?.name })).toBeVisible();
    await expect(mainNav(page).getByText(account.name, { exact: true })).toBeVisible();
  });

  test('an e-mail already taken shows the server message', async ({
    page,
    make,
    consoleErrors,
  }) => {
    // Chromium reports the API's 409 answer on the console.
    consoleErrors.allow(/status of 409/);
    const taken = await make.account();
    await page.goto('/signup');
    await hydrated(page);
    const answer = page.waitForResponse((r) => r.url().includes('/api/users/signup'));
    await fillSignUpForm(page, {
      name: 'Someone Else',
      email: taken.email,
      password: 'another-password-1',
    });
    const res = await answer;
    expect(res.status()).toBe(409);
    const { message } = (await res.json()) as { message: string };
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/signup');
    expect(await storedUserInfo(page)).toBeNull();
  });

  test('"Already have an account?" leads to sign-in carrying the redirect', async ({ page }) => {
    await page.goto('/signup?redirect=/x');
    await hydrated(page);
    const link = page.getByRole('link', { name: 'Already have an account?' });
    await expect(link).toHaveAttribute('href', '/login?redirect=%2Fx');
    await link.click();
    await expect(page).toHaveURL('/login?redirect=%2Fx');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

    // Without a redirect the link goes to plain /login.
    await page.goto('/signup');
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'Already have an account?' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});

test.describe('sign-in', () => {
  test('has the required Email and Password fields and the Sign In button', async ({ page }) => {
    await page.goto('/login');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // A browser's sign-in autofill has the form's fields, never the header's search box
    // (issue 45 item 8): the box asks for no autofill and is outside the sign-in form.
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
    await expect(page.getByLabel('Password')).toHaveAttribute('autocomplete', 'current-password');
    const box = page.getByRole('searchbox', { name: 'Search articles' }).first();
    await expect(box).toHaveAttribute('autocomplete', 'off');
    expect(await box.evaluate((b) => b.closest('form')?.getAttribute('action'))).toBe('/search');
  });

  test('a wrong password shows "Invalid email or password." and signs nobody in', async ({
    page,
    make,
    consoleErrors,
  }) => {
    // Chromium reports the API's 401 answer on the console.
    consoleErrors.allow(/status of 401/);
    const account = await make.account();
    await page.goto('/login');
    await hydrated(page);
    await fillSignInForm(page, { email: account.email, password: 'not-the-password' });
    await expect(page.getByText('Invalid email or password.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/login');
    expect(await storedUserInfo(page)).toBeNull();
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('with uiLanguage=hi the refusal and a field’s problem are said in Hindi', async ({
    page,
    make,
    admin,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 401/);
    const account = await make.account();
    await readJson(await admin.updateSettings({ uiLanguage: 'hi' }));
    try {
      await page.goto('/login');
      await hydrated(page);
      // The shared schema's message, under the field, before anything is sent.
      await page.getByLabel('ईमेल').fill('not-an-address');
      await page.getByLabel('पासवर्ड').fill('not-the-password');
      await page.getByRole('button', { name: 'साइन इन करें' }).click();
      await expect(page.getByText('सही ईमेल पता लिखें', { exact: true })).toBeVisible();
      // The API's 401 (its message stays English on the wire), in the toast.
      await page.getByLabel('ईमेल').fill(account.email);
      await page.getByRole('button', { name: 'साइन इन करें' }).click();
      await expect(page.getByText('ईमेल या पासवर्ड सही नहीं है।', { exact: true })).toBeVisible();
      await expect(page.getByText('Invalid email or password.')).toHaveCount(0);
      expect(await storedUserInfo(page)).toBeNull();
    } finally {
      await readJson(await admin.updateSettings({ uiLanguage: 'en' }));
    }
  });

  test('stores userInfo with a token and goes to the redirect target', async ({ page, make }) => {
    const account = await make.account();
    await page.goto('/login?redirect=/profile');
    await hydrated(page);
    await fillSignInForm(page, account);
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();
    await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
    const info = await storedUserInfo(page);
    expect(info).toMatchObject({ name: account.name, email: account.email });
    expect(info?.token).toEqual(expect.stringMatching(/\S{20,}/));
  });

  test('a reader without a redirect goes home', async ({ page, make }) => {
    const account = await make.account();
    await page.goto('/login');
    await hydrated(page);
    await fillSignInForm(page, account);
    await expect(page).toHaveURL('/');
    await expect(mainNav(page).getByText(account.name, { exact: true })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search articles' }).first()).toHaveValue('');
  });

  test('the administrator without a redirect goes to /admin/dashboard', async ({
    page,
    consoleErrors,
  }) => {
    // The back office may answer with its own status while it is being built.
    consoleErrors.allow(/status of 404/);
    await page.goto('/login');
    await hydrated(page);
    await fillSignInForm(page, ADMIN);
    await expect(page).toHaveURL('/admin/dashboard');
    const info = await storedUserInfo(page);
    expect(info).toMatchObject({ email: ADMIN.email, role: 'administrator' });
  });

  test('staff see Dashboard in their menu', async ({ page }) => {
    // Signing in through the browser's own request context gives it the session cookie.
    await Api.signIn(page.request, ADMIN);
    await page.goto('/');
    await hydrated(page);
    const nav = mainNav(page);
    await nav.getByText(ADMIN.name, { exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    await expect(nav.getByRole('link', { name: 'User Profile' })).toBeVisible();
  });

  test('"Create an account" carries the redirect to sign-up', async ({ page }) => {
    await page.goto('/login?redirect=/x');
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?redirect=%2Fx',
    );
  });

  test('a signed-in user opening /login or /signup is sent on at once', async ({ page }) => {
    const account = newAccount();
    // Signing up through the browser's own request context gives it the session cookie.
    await readJson<UserInfo>(await new Api(page.request).signUp(account), 201);

    const login = await page.goto('/login');
    await expect(page).toHaveURL('/');
    expect(login?.request().redirectedFrom()?.url()).toMatch(/\/login$/);
    await expect(page.getByLabel('Password')).toHaveCount(0);

    await page.goto('/login?redirect=/profile');
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();

    await page.goto('/signup');
    await expect(page).toHaveURL('/');
    await expect(page.getByLabel('Confirm Password')).toHaveCount(0);
  });
});

test.describe('signed in', () => {
  test('Sign Out in the header menu signs out', async ({ page, make }) => {
    const account = await make.account();
    await page.goto('/login');
    await hydrated(page);
    await fillSignInForm(page, account);
    await expect(page).toHaveURL('/');
    expect(await storedUserInfo(page)).not.toBeNull();

    const nav = mainNav(page);
    await nav.getByText(account.name, { exact: true }).click();
    await nav.getByRole('button', { name: 'Sign Out' }).click();

    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(nav.getByText(account.name, { exact: true })).toHaveCount(0);
    await expect.poll(() => storedUserInfo(page)).toBeNull();
    // The session is gone on the server too: /profile asks to sign in.
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  });

  test("a reading page loaded afresh is everyone's; the reader's menu is drawn after load", async ({
    page,
    make,
  }) => {
    const account = await make.account();
    await page.goto('/login');
    await hydrated(page);
    await fillSignInForm(page, account);
    await expect(page).toHaveURL('/');

    // A whole document: the page's bytes name nobody (the page cache shares them, issue 37).
    const res = await page.goto('/');
    expect(await res?.text()).not.toContain(account.name);
    await hydrated(page);
    const nav = mainNav(page);
    const menu = nav.getByText(account.name, { exact: true });
    await expect(menu).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await menu.click();
    await expect(nav.getByRole('link', { name: 'User Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect.poll(() => storedUserInfo(page)).toBeNull();
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  });

  test('/profile shows the account and changes the name without the password', async ({
    page,
    make,
  }) => {
    const account = await make.account();
    await page.goto('/login?redirect=/profile');
    await hydrated(page);
    await fillSignInForm(page, account);
    await expect(page).toHaveURL('/profile');
    const main = page.getByRole('main');
    await expect(main.getByText(account.email)).toBeVisible();
    await expect(main.getByLabel('Name')).toHaveValue(account.name);

    // The current password is asked for only with a new one, and marked required then.
    const current = main.getByLabel('Current password', { exact: true });
    const newPassword = main.getByLabel('New password (leave empty to keep it)');
    await expect(current).not.toHaveAttribute('required');
    await expect(current).toHaveAccessibleDescription('Needed only when you set a new password.');
    await newPassword.fill('a passphrase I will not keep');
    await expect(current).toHaveAttribute('required', '');
    await expect(current).toHaveAccessibleDescription(
      'Required: type your current password to set a new one.',
    );
    await newPassword.fill('');
    await expect(current).not.toHaveAttribute('required');

    const renamed = `${account.name} Sharma`;
    await main.getByLabel('Name').fill(renamed);
    await main.getByRole('button', { name: 'Save changes' }).click();

    await expect(page.getByText('Profile updated.', { exact: true })).toBeVisible();
    await expect(mainNav(page).getByText(renamed, { exact: true })).toBeVisible();
    await expect.poll(async () => (await storedUserInfo(page))?.name).toBe(renamed);
    // The server has the new name: a fresh load shows it.
    await page.reload();
    await expect(page.getByRole('main').getByLabel('Name')).toHaveValue(renamed);
    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).name).toBe(renamed);
  });

  test('Sign out everywhere on /profile ends the session on every device', async ({
    page,
    request,
    make,
  }) => {
    const account = await make.account();
    // Another device: a token from a sign-in outside this browser.
    const other = await Api.signIn(request, account);
    const otherMe = () => other.get('/api/users/me');
    expect((await otherMe()).status()).toBe(200);

    await page.goto('/login?redirect=/profile');
    await hydrated(page);
    await fillSignInForm(page, account);
    await expect(page).toHaveURL('/profile');
    const sessions = page.getByRole('region', { name: 'Sessions' });
    const signOutEverywhere = sessions.getByRole('button', { name: 'Sign out everywhere' });

    // Cancelling the confirmation changes nothing.
    let dialog = nextDialog(page, 'dismiss');
    await signOutEverywhere.click();
    expect((await dialog).message()).toBe('Sign out on every device, this one included?');
    await expect(page).toHaveURL('/profile');
    expect((await otherMe()).status()).toBe(200);

    dialog = nextDialog(page, 'accept');
    await signOutEverywhere.click();
    expect((await dialog).message()).toBe('Sign out on every device, this one included?');
    await expect(page.getByText('Signed out on every device.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect.poll(() => storedUserInfo(page)).toBeNull();
    expect((await otherMe()).status()).toBe(401);
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  });

  test('/profile without a session goes to sign-in and back', async ({ page, make }) => {
    const account = await make.account();
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fprofile');
    await hydrated(page);
    await fillSignInForm(page, account);
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
  });
});
