import { describe, expect, it } from 'vitest';
import { auditActionsMatching, describeAuditAction, describeAuditDetails } from './audit';

describe('audit actions in words', () => {
  it('says which way a role changed, and shows an unknown code as it is', () => {
    expect(describeAuditAction('team.member_role_changed', { to: 'team_leader' })).toBe(
      'Promoted to team leader',
    );
    expect(describeAuditAction('team.member_role_changed', { to: 'member' })).toBe(
      'Demoted to member',
    );
    expect(describeAuditAction('employee.deleted')).toBe('Deleted employee');
    expect(describeAuditAction('billing.invoiced')).toBe('billing.invoiced');
  });

  it('finds the actions whose words contain a search, any case', () => {
    expect(auditActionsMatching('DELETED ADMIN')).toEqual(['admin.deleted']);
    expect(auditActionsMatching('promoted')).toEqual(['team.member_role_changed']);
    expect(auditActionsMatching('password')).toEqual([
      'auth.reset_completed',
      'auth.password_changed',
      'auth.current_password_failed',
      'admin.password_reset',
      'employee.password_reset',
    ]);
    expect(auditActionsMatching('  ')).toEqual([]);
  });

  it('puts the details a reader cares about in a few words', () => {
    expect(describeAuditDetails({ renamedFrom: 'ana', passwordChanged: true })).toBe(
      'renamed from ana; password changed',
    );
    expect(describeAuditDetails({ teamId: 'x', teamName: 'Inbound', role: 'member' })).toBe(
      'team Inbound',
    );
    expect(describeAuditDetails({ memberCount: 1 })).toBe('1 member');
    expect(
      describeAuditDetails({
        renamedFrom: 'Night',
        descriptionChanged: true,
        before: { name: 'Night', description: 'old' },
      }),
    ).toBe('renamed from Night; description changed');
    expect(describeAuditDetails(null)).toBe('');
  });
});
