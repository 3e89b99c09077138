import { expect, test } from '@playwright/test';
import {
  adminBaseURL,
  adminServer,
  createTeam,
  logout,
  menu,
  runId,
  shot,
  signIn,
  waitForAdminServer,
  watchForPageErrors,
} from './admin-journeys';

const { superAdmin } = adminServer;
const nightShift = `Night Shift ${runId}`;
const dayShift = `Day Shift ${runId}`;
const leader = { username: `leader-${runId}`, password: 'leader-pass-1' };

test.use({ baseURL: adminBaseURL });

test.beforeAll(waitForAdminServer);

test.describe.serial('admin portal', () => {
  test('a super admin builds a team; its leader then sees only that team', async ({ page }) => {
    const problems = watchForPageErrors(page);
    await signIn(page, superAdmin.username, superAdmin.password);
    await expect(page.getByText(`Welcome, ${superAdmin.username}`)).toBeVisible();

    // The shell: sidebar open beside the page on a desktop, and it slides away.
    await expect(menu(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu(page).getByRole('link', { name: 'Admins' })).toBeVisible();
    await shot(page, 'admin-shell-open');
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page).getByRole('link', { name: 'Teams' })).not.toBeInViewport();
    await shot(page, 'admin-shell-closed');
    await burger.click();
    await expect(menu(page).getByRole('link', { name: 'Teams' })).toBeInViewport();
    // Spec §2: Dashboard, chosen while on the dashboard, toggles the sidebar.
    await menu(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();

    // Two teams, from the Teams page's inline form.
    await menu(page).getByRole('link', { name: 'Teams' }).click();
    await expect(page.getByRole('heading', { name: 'Teams Management' })).toBeVisible();
    await createTeam(page, nightShift, 'Evening and overnight calls');
    await createTeam(page, dayShift, 'Office hours');

    // An admin in the first team, from the Admins page.
    await menu(page).getByRole('link', { name: 'Admins' }).click();
    await expect(page.getByRole('heading', { name: 'Admins' })).toBeVisible();
    await expect(page.getByText(/^Showing \d+ of \d+ admins$/)).toBeVisible();
    await shot(page, 'admins-page');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    const addAdmin = page.getByRole('dialog', { name: 'Add New Admin' });
    await addAdmin.getByLabel('Username', { exact: true }).fill(leader.username);
    await addAdmin.getByLabel('Password', { exact: true }).fill(leader.password);
    await addAdmin.getByLabel('Confirm Password', { exact: true }).fill(leader.password);
    await addAdmin.getByRole('combobox', { name: 'Security Question' }).click();
    await page.getByRole('option', { name: 'What is your favorite book?' }).click();
    await addAdmin.getByLabel('Answer', { exact: true }).fill('Dune');
    await addAdmin.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option', { name: nightShift }).click();
    await shot(page, 'add-admin-modal');
    await addAdmin.getByRole('button', { name: 'Add Admin' }).click();
    await expect(addAdmin.getByRole('alert')).toHaveText('Admin added successfully');
    await expect(addAdmin).toBeHidden();
    const leaderRow = page.getByRole('row').filter({ hasText: leader.username });
    await expect(leaderRow).toContainText(nightShift);

    // Promote them to leader in the team's members modal.
    await menu(page).getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('button', { name: nightShift, exact: true }).click();
    const members = page.getByRole('dialog', { name: `${nightShift} Members` });
    await expect(members.getByRole('row').filter({ hasText: leader.username })).toContainText(
      'Member',
    );
    await shot(page, 'members-modal');
    await members.getByRole('button', { name: `Promote ${leader.username}` }).click();
    await expect(members.getByRole('alert')).toHaveText('Member role updated to Leader');
    await expect(members.getByRole('row').filter({ hasText: leader.username })).toContainText(
      'Team Leader',
    );
    await shot(page, 'members-modal-promoted');
    await members.getByRole('button', { name: 'Add Member' }).click();
    const addMember = page.getByRole('dialog', { name: 'Add Team Member' });
    await expect(addMember.getByRole('button', { name: 'Add Member' })).toBeDisabled();
    await shot(page, 'add-member-modal');
    await addMember.getByRole('button', { name: 'Cancel' }).click();
    await page.keyboard.press('Escape');
    await expect(members).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: nightShift })).toContainText('1');
    await shot(page, 'teams-page');

    await menu(page).getByRole('link', { name: 'Admins' }).click();
    await expect(leaderRow).toContainText(`${nightShift} (Leader)`);

    // The leader: Teams (only their team), no Admins, and no way in by URL.
    await logout(page);
    await signIn(page, leader.username, leader.password);
    await expect(menu(page).getByRole('link', { name: 'Teams' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Admins' })).toHaveCount(0);
    await menu(page).getByRole('link', { name: 'Teams' }).click();
    await expect(page.getByRole('button', { name: nightShift, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: dayShift, exact: true })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Create New Team' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Delete ${nightShift}` })).toHaveCount(0);
    await shot(page, 'teams-page-leader');
    await page.getByRole('button', { name: nightShift, exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: `${nightShift} Members` }).getByText(leader.username),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/admin/admins');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await logout(page);

    expect(problems).toEqual([]);
  });

  test('a super admin deletes a team', async ({ page }) => {
    const problems = watchForPageErrors(page);
    await signIn(page, superAdmin.username, superAdmin.password);
    await page.goto('/admin/teams');
    const doomed = `Temporary ${runId}`;
    await createTeam(page, doomed, 'Soon gone');

    await page.getByRole('button', { name: `Delete ${doomed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Team' });
    await expect(confirm).toContainText('All team members will be removed from this team.');
    await shot(page, 'delete-team-modal');
    await confirm.getByRole('button', { name: 'Confirm Delete' }).click();

    await expect(page.getByRole('alert')).toHaveText('Team deleted successfully');
    await expect(page.getByRole('button', { name: doomed, exact: true })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a 100-character team name without spaces wraps inside the Teams, Employees and Admins tables', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, superAdmin.username, superAdmin.password);
    await page.goto('/admin/teams');
    const long = `W${runId}`.padEnd(100, 'W');
    await createTeam(page, long, 'D'.repeat(200));
    // Its row's actions stay on screen: the name and description wrap instead of widening it.
    await expect(page.getByRole('button', { name: `Delete ${long}` })).toBeInViewport();
    await shot(page, 'teams-long-name');

    // An employee and an admin of the team: their tables' actions stay on screen too.
    const teams = (await (await page.request.get('/api/teams')).json()) as {
      teams: { id: string; name: string }[];
    };
    const teamId = teams.teams.find((team) => team.name === long)!.id;
    const member = { employee: `wide-agent-${runId}`, admin: `wide-admin-${runId}` };
    const recovery = { securityQuestion: 'What is your favorite book?', securityAnswer: 'Dune' };
    for (const [path, username, extra] of [
      ['/api/employees', member.employee, {}],
      ['/api/admins', member.admin, recovery],
    ] as const) {
      const created = await page.request.post(path, {
        data: {
          username,
          password: 'wide-pass-1',
          confirmPassword: 'wide-pass-1',
          teamId,
          ...extra,
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
    }
    for (const [page_, username] of [
      ['Employees', member.employee],
      ['Admins', member.admin],
    ] as const) {
      await menu(page).getByRole('link', { name: page_ }).click();
      await expect(page.getByRole('heading', { name: page_ })).toBeVisible();
      await page.getByRole('searchbox', { name: `Search ${page_.toLowerCase()}` }).fill(username);
      await expect(page.getByText(/^Showing 1 of \d+/)).toBeVisible();
      await expect(page.getByRole('button', { name: `Delete ${username}` })).toBeInViewport();
      await shot(page, `${page_.toLowerCase()}-long-team-name`);
      await page.getByRole('button', { name: `Delete ${username}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm Delete' }).click();
      await expect(page.getByRole('button', { name: `Delete ${username}` })).toHaveCount(0);
    }

    await menu(page).getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('button', { name: `Delete ${long}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete Team' })
      .getByRole('button', { name: 'Confirm Delete' })
      .click();
    await expect(page.getByRole('alert')).toHaveText('Team deleted successfully');
  });

  test('an admin signs out their other sessions from the Account page', async ({
    browser,
    page,
  }) => {
    const problems = watchForPageErrors(page);
    await signIn(page, leader.username, leader.password);
    const otherContext = await browser.newContext({ baseURL: adminBaseURL });
    const other = await otherContext.newPage();
    await signIn(other, leader.username, leader.password);

    await menu(page).getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByRole('heading', { name: 'Account', level: 2 })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
    const sessions = page.getByRole('region', { name: 'Sessions' });
    const sessionRows = sessions.getByRole('table', { name: 'Your sessions' }).getByRole('row');
    await expect(sessionRows).toHaveCount(3); // the header and two sessions
    await shot(page, 'admin-account');
    await sessions.getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(sessions.getByRole('alert')).toHaveText('Signed out 1 other session');
    await expect(sessionRows).toHaveCount(2);

    // The other browser's next request finds its session gone: the sign-in page.
    await menu(other).getByRole('link', { name: 'Employees' }).click();
    await expect(other).toHaveURL(/\/sign-in/);
    await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await otherContext.close();

    await page.reload();
    await expect(sessionRows).toHaveCount(2);
    expect(problems).toEqual([]);
  });

  test('on a phone the sidebar is a drawer over the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, superAdmin.username, superAdmin.password);
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page).getByRole('link', { name: 'Teams' })).not.toBeInViewport();
    // The top bar is one row: the welcome, Theme and Register Employee are the drawer's.
    expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(64);
    await expect(page.getByRole('combobox', { name: 'Theme' })).not.toBeInViewport();
    await shot(page, 'phone-shell-closed');

    await burger.click();
    await expect(menu(page).getByRole('link', { name: 'Teams' })).toBeInViewport();
    await expect(menu(page).getByText(`Welcome, ${superAdmin.username}`)).toBeInViewport();
    await expect(menu(page).getByRole('combobox', { name: 'Theme' })).toBeInViewport();
    await expect(menu(page).getByRole('link', { name: 'Register Employee' })).toBeInViewport();
    await shot(page, 'phone-shell-open');

    await menu(page).getByRole('link', { name: 'Teams' }).click();
    await expect(page.getByRole('heading', { name: 'Teams Management' })).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page).getByRole('link', { name: 'Teams' })).not.toBeInViewport();
    await shot(page, 'phone-teams-page');
  });

  test('the top bar holds its title and controls at every width, with the longest username', async ({
    page,
  }) => {
    // An admin with a username of the most characters allowed (64).
    await signIn(page, superAdmin.username, superAdmin.password);
    const longName = `long-${runId}-`.padEnd(64, 'x');
    const created = await page.request.post('/api/admins', {
      data: {
        username: longName,
        password: 'long-pass-1',
        confirmPassword: 'long-pass-1',
        securityQuestion: 'What is your favorite book?',
        securityAnswer: 'Dune',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await logout(page);
    await signIn(page, longName, 'long-pass-1');

    const banner = page.getByRole('banner');
    const title = [
      banner.getByRole('heading', { name: 'Admin Portal' }),
      banner.getByText('Demo version'),
    ];
    const controls = [
      banner.getByText(`Welcome, ${longName}`),
      banner.getByRole('combobox', { name: 'Theme' }),
      banner.getByRole('link', { name: 'Register Employee' }),
    ];
    // 320 px: the narrowest a page must reflow to (WCAG 1.4.10).
    for (const width of [320, 360, 390, 800, 900, 1000, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const bar = (await banner.boundingBox())!;
      // Below 768 px (a phone) the controls are the drawer's, and the bar one row.
      const isPhone = width < 768;
      if (isPhone || width >= 992) {
        expect(bar.height, `the bar's height at ${width} px`).toBeLessThanOrEqual(64);
      }
      for (const part of isPhone ? title : [...title, ...controls]) {
        const box = (await part.boundingBox())!;
        expect(box.y, `top of ${await part.textContent()} at ${width} px`).toBeGreaterThanOrEqual(
          bar.y,
        );
        expect(
          box.y + box.height,
          `bottom of ${await part.textContent()} at ${width} px`,
        ).toBeLessThanOrEqual(bar.y + bar.height);
        expect(
          box.x + box.width,
          `right of ${await part.textContent()} at ${width} px`,
        ).toBeLessThanOrEqual(bar.x + bar.width);
      }
      // Only the welcome gives way: the badge and the button keep their words whole.
      const wholes = [title[1]!, ...(isPhone ? [] : [banner.getByText('Register Employee')])];
      for (const whole of wholes) {
        const isClipped = await whole.evaluate(
          (element) => element.scrollWidth > element.clientWidth,
        );
        expect(isClipped, `${await whole.textContent()} clipped at ${width} px`).toBe(false);
      }
      if (width === 390) {
        await shot(page, 'phone-top-bar');
        // On a phone the drawer has the welcome whole, wrapped within it.
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        const welcome = menu(page).getByText(`Welcome, ${longName}`);
        await expect(welcome).toBeInViewport({ ratio: 1 });
        const drawer = (await menu(page).boundingBox())!;
        const box = (await welcome.boundingBox())!;
        expect(box.x + box.width, 'right of the welcome in the drawer').toBeLessThanOrEqual(
          drawer.x + drawer.width,
        );
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
      }
      if (width === 800) await shot(page, 'tablet-top-bar');
      if (width === 1000) await shot(page, 'long-username-top-bar');
    }
  });
});
