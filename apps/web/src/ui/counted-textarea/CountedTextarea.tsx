import { Paper, Text, Textarea, type TextareaProps, UnstyledButton } from "@mantine/core";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import classes from "./CountedTextarea.module.css";
import {
  filterMentions,
  insertMention,
  type MentionContext,
  type MentionOption,
  mentionAt,
} from "./mentions";

export interface CountedTextareaProps
  extends Omit<TextareaProps, "value" | "onChange" | "maxLength" | "description" | "inputWrapperOrder"> {
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** People or entities that '@' can mention; no list opens without them. */
  mentions?: readonly MentionOption[];
}

/**
 * A textarea with a 'current / max' counter that turns to the error colour at or above the maximum,
 * and an '@' mention list (at the start, or after a space or a newline) filtered by prefix, ignoring accents.
 */
export function CountedTextarea({
  value,
  onChange,
  maxLength,
  mentions = [],
  onKeyDown: onKeyDownOutside,
  ...props
}: CountedTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [mention, setMention] = useState<MentionContext | null>(null);
  const [active, setActive] = useState(0);

  const options = mention ? filterMentions(mentions, mention.query) : [];
  const open = mention !== null && options.length > 0;
  const limitReached = value.length >= maxLength;

  const track = (text: string, caret: number) => {
    const next = mentions.length > 0 ? mentionAt(text, caret) : null;
    if (next?.start !== mention?.start || next?.query !== mention?.query) setActive(0);
    setMention(next);
  };

  const choose = (option: MentionOption) => {
    const element = ref.current;
    if (!element || !mention) return;
    const caret = element.selectionStart ?? value.length;
    const result = insertMention(value, mention, caret, option);
    onChange(result.text);
    setMention(null);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(result.caret, result.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Keys go to the caller (e.g. Enter sends a chat message) unless the mention list is open.
    if (!open) {
      onKeyDownOutside?.(event);
      return;
    }
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i - 1 + options.length) % options.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      const option = options[active];
      if (option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === "Escape") {
      event.preventDefault();
      setMention(null);
    }
  };

  return (
    <div className={classes.root}>
      <Textarea
        autosize
        minRows={3}
        {...props}
        ref={ref}
        value={value}
        maxLength={maxLength}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          track(
            event.currentTarget.value,
            event.currentTarget.selectionStart ?? event.currentTarget.value.length,
          );
        }}
        onKeyDown={onKeyDown}
        onClick={(event) => track(value, event.currentTarget.selectionStart ?? value.length)}
        onBlur={() => setMention(null)}
        aria-autocomplete={mentions.length > 0 ? "list" : undefined}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        inputWrapperOrder={["label", "input", "description", "error"]}
        description={
          <Text
            component="span"
            size="xs"
            c={limitReached ? "red" : "dimmed"}
            data-limit-reached={limitReached || undefined}
            className={classes.counter}
          >
            {value.length} / {maxLength}
          </Text>
        }
      />
      {open && (
        <Paper
          shadow="md"
          withBorder
          className={classes.list}
          id={listId}
          role="listbox"
          aria-label="Menções"
        >
          {options.map((option, index) => (
            <UnstyledButton
              key={option.value}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={classes.option}
              data-active={index === active || undefined}
              // Keep the textarea focused (and its caret) while picking with the mouse.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.label}
            </UnstyledButton>
          ))}
        </Paper>
      )}
    </div>
  );
}
