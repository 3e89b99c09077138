import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timings';
import { SEARCH_PARAM } from '../hooks/use-analytics-location';
import { MAX_SEARCH_LENGTH } from '../../../../shared/schemas/field-rules';

/**
 * Spec §5: analytics employees match on username or full name. The term goes into the URL
 * once typing pauses, so the list it found survives a reload and the detail's close.
 */
export function EmployeeSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [term, setTerm] = useState(searchParams.get(SEARCH_PARAM) ?? '');
  const applySearch = useDebouncedCallback((value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value.trim()) next.set(SEARCH_PARAM, value.trim());
        else next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  }, SEARCH_DEBOUNCE_MS);

  return (
    <TextInput
      type="search"
      label="Search employees"
      maxLength={MAX_SEARCH_LENGTH}
      placeholder="Username or full name"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={term}
      onChange={(event) => {
        setTerm(event.currentTarget.value);
        applySearch(event.currentTarget.value);
      }}
      w={{ base: '100%', xs: 320 }}
    />
  );
}
