import { Select, TextInput } from '@mantine/core';
import { securityQuestions } from '../../shared/security-questions';
import type { FormError } from '../lib/form-error';
import { fieldError } from './field-error';

interface SecurityQuestionFieldsProps {
  question: string | null;
  answer: string;
  onQuestionChange: (question: string | null) => void;
  onAnswerChange: (answer: string) => void;
  formError: FormError | null;
  /** Says what the question is for, under the select. */
  withHint?: boolean;
}

/**
 * One of the eight fixed security questions and its answer (spec §3), for password reset.
 * Apart from the other credential inputs, which the sign-in page uses: Mantine's Select (and
 * its floating dropdown) stays out of that page's JavaScript.
 */
export function SecurityQuestionFields({
  question,
  answer,
  onQuestionChange,
  onAnswerChange,
  formError,
  withHint = false,
}: SecurityQuestionFieldsProps) {
  return (
    <>
      <Select
        label="Security Question"
        placeholder="Choose a question"
        description={withHint ? 'Used to reset the password if it is forgotten' : undefined}
        data={securityQuestions}
        error={fieldError(formError, 'securityQuestion')}
        value={question}
        onChange={onQuestionChange}
        allowDeselect={false}
      />
      <TextInput
        label="Answer"
        name="security-answer"
        autoComplete="off"
        error={fieldError(formError, 'securityAnswer')}
        value={answer}
        onChange={(event) => onAnswerChange(event.currentTarget.value)}
      />
    </>
  );
}
