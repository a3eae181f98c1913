"""Discord adapters: what turns the services' answers into Discord messages
and Discord's interactions into service calls — replies, views and their
persistent components (lobby, thread and panel buttons), autocomplete
choices, the DM/thread notifier and the one error funnel. The cogs use this
package; the services never import it (nor discord)."""
