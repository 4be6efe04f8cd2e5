import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { Profile } from '@/features/profile/api/get-profile.query';
import { countryOf, flagOf, useCountries } from '@/features/profile/countries';
import { t } from '@/i18n';

/** Who is signed in: initial, name and flag, e-mail, company and phone; Edit opens the form. */
export function UserCard({
  profile,
  onEdit,
}: {
  profile: UseQueryResult<Profile>;
  onEdit: () => void;
}) {
  const p = profile.data;
  const countries = useCountries();
  return (
    <Card>
      {profile.isPending ? (
        <Spinner />
      ) : (
        <div className="flex items-start gap-3">
          <div
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-700"
            aria-hidden="true"
          >
            {(p?.username ?? '?').slice(0, 1).toUpperCase()}
          </div>
          <div className="min-w-0 flex-1">
            <p
              className="truncate font-semibold"
              data-testid="profile-username"
            >
              {p?.username}{' '}
              {p?.country && countries && (
                <span
                  role="img"
                  aria-label={
                    countryOf(p.country, countries)?.name ?? p.country
                  }
                  data-testid="profile-country"
                >
                  {flagOf(p.country, countries)}
                </span>
              )}
            </p>
            <p className="truncate text-sm text-slate-500">{p?.email}</p>
            {p?.companyName && (
              <p className="truncate text-sm">{p.companyName}</p>
            )}
            {p?.phoneNumber && (
              <p className="truncate text-sm">{p.phoneNumber}</p>
            )}
          </div>
        </div>
      )}
      <Button variant="secondary" block className="mt-3" onClick={onEdit}>
        {t('profile.edit')}
      </Button>
    </Card>
  );
}
