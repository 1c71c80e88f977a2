/**
 * A gated run's {@link dev.wick.core.gate.Verdict} sent to a webhook: {@link
 * dev.wick.core.notify.Notification} is the message (a JSON body with a Slack-compatible {@code
 * text} and the verdict as fields), {@link dev.wick.core.notify.Webhook} posts it with a timeout
 * and a few retries, and {@link dev.wick.core.notify.Delivery} says what came of it. Sending never
 * throws: a notification that could not be delivered never changes the verdict.
 */
package dev.wick.core.notify;
