import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { HttpError } from '@/lib/http';
import { t } from '@/i18n';
import { isEmail } from '@/features/auth/validation';
import { CountrySelect } from '@/features/profile/country-select';
import type { Profile } from '@/features/profile/api/get-profile.query';
import {
  useUpdateProfile,
  type ProfileInput,
} from '@/features/profile/api/update-profile.mutation';

const toInput = (p: Profile): ProfileInput => ({
  username: p.username,
  email: p.email,
  companyName: p.companyName ?? '',
  country: p.country ?? '',
  phoneNumber: p.phoneNumber ?? '',
});

/** 'Edit Profile' (docs/product.md §2, §5, §8). */
export function EditProfileDialog({
  open,
  profile,
  onClose,
}: {
  open: boolean;
  profile: Profile | undefined;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('profile.editTitle')}
      description={t('profile.editDescription')}
    >
      {profile ? (
        <ProfileForm profile={profile} onClose={onClose} />
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

/** The profile form's fields, its checks (username, e-mail) and the save that closes on success. */
function useProfileForm(profile: Profile, onClose: () => void) {
  const update = useUpdateProfile();
  const [form, setForm] = useState<ProfileInput>(() => toInput(profile));
  const [errors, setErrors] = useState<{ username?: string; email?: string }>(
    {},
  );
  const set = (key: keyof ProfileInput) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      username:
        form.username.trim().length < 2 ? t('validation.username2') : undefined,
      email: isEmail(form.email) ? undefined : t('validation.emailProfile'),
    };
    setErrors(next);
    if (next.username || next.email) return;
    update.mutate(form, {
      onSuccess: () => {
        toast({
          title: t('toast.profileUpdated'),
          description: t('toast.profileUpdatedText'),
        });
        onClose();
      },
      onError: (error) =>
        toast({
          title: t('toast.profileFailed'),
          description:
            error instanceof HttpError
              ? error.serverMessage
              : t('toast.profileFailedText'),
          variant: 'destructive',
        }),
    });
  };
  return { update, form, errors, set, submit };
}

function ProfileForm({
  profile,
  onClose,
}: {
  profile: Profile;
  onClose: () => void;
}) {
  const { update, form, errors, set, submit } = useProfileForm(
    profile,
    onClose,
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label={t('profile.username')}
        value={form.username}
        onChange={(e) => set('username')(e.target.value)}
        error={errors.username}
      />
      <TextField
        label={t('profile.company')}
        value={form.companyName}
        onChange={(e) => set('companyName')(e.target.value)}
      />
      <TextField
        label={t('profile.email')}
        type="email"
        value={form.email}
        onChange={(e) => set('email')(e.target.value)}
        error={errors.email}
      />
      <CountrySelect
        label={t('profile.country')}
        value={form.country}
        onChange={set('country')}
      />
      <TextField
        label={t('profile.phone')}
        type="tel"
        value={form.phoneNumber}
        onChange={(e) => set('phoneNumber')(e.target.value)}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onClose}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
