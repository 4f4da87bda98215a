import { formatDate, formatTime } from '@domain/format';
import type { ApiTokenView } from '@contracts/integrations';
import { Badge } from '@web/components/ui/badge';
import { SharedWithOthersNote } from '@web/components/integration-sharing';
import { Button } from '@web/components/ui/button';
import { ListTable } from '@web/components/list-table';
import { TableCell, TableRow } from '@web/components/ui/table';

function when(iso: string, timeZone: string) {
  return `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
}

function clinicsOf(token: ApiTokenView) {
  const names = token.clinics.map((c) => c.name);
  if (token.otherClinics > 0) {
    names.push(`${token.otherClinics} other clinic${token.otherClinics > 1 ? 's' : ''}`);
  }
  return names;
}

/** The tokens, newest first: who made each, what it may do, when it was last used. */
export function ApiTokensTable(props: {
  tokens: ApiTokenView[];
  timeZone: string;
  onRevoke(token: ApiTokenView): void;
}) {
  return (
    <ListTable
      caption="Integration tokens, newest first"
      className="[&_td]:px-4 [&_td]:align-top [&_th]:px-4"
      columns={['Name', 'Clinics', 'Access', 'Created', 'Last used']}
    >
      {props.tokens.map((token) => (
        <TableRow key={token.id}>
          <TableCell>
            <div className="font-medium">{token.name}</div>
            {token.revokedAt && (
              <Badge variant="destructive" className="mt-1">
                Revoked {formatDate(token.revokedAt, props.timeZone)}
              </Badge>
            )}
          </TableCell>
          <TableCell>
            <ul className="space-y-0.5">
              {clinicsOf(token).map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </TableCell>
          <TableCell>
            {token.scopes.includes('write') ? 'Read and write' : 'Read'}
            {token.visitLinks && (
              <div>
                <Badge variant="secondary" className="mt-1">
                  With visit links
                </Badge>
              </div>
            )}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {when(token.createdAt, props.timeZone)}
            {token.createdBy && (
              <div className="text-muted-foreground">by {token.createdBy.name}</div>
            )}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {token.lastUsedAt ? (
              <>
                {when(token.lastUsedAt, props.timeZone)}
                {token.lastUsedIp && (
                  <div className="text-muted-foreground">from {token.lastUsedIp}</div>
                )}
              </>
            ) : (
              <span className="text-muted-foreground">Never</span>
            )}
          </TableCell>
          <TableCell className="text-right">
            {!token.revokedAt && !token.canManage && <SharedWithOthersNote />}
            {!token.revokedAt && token.canManage && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => props.onRevoke(token)}
                aria-label={`Revoke ${token.name}`}
              >
                Revoke
              </Button>
            )}
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
