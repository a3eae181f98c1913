"""Settings of the bot, read from the environment and a ``.env`` file
(pydantic-settings). ``.env.example`` at the repository root documents each."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

# What happens when a turn's time limit passes (see bot/timeouts.py):
#   ai     the AI plays the turn for the player (engine.ai.AI)
#   skip   a minimal turn: first legal placement, no follower, "pass" in any ask
#   remind only reminders, the game waits
TimeoutPolicy = Literal["ai", "skip", "remind"]
TIMEOUT_POLICIES: tuple[str, ...] = ("ai", "skip", "remind")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="bot token")
    database_url: str = "sqlite+aiosqlite:///carcassonne.sqlite3"
    turn_timeout_hours: float | None = Field(default=48.0, gt=0)
    timeout_policy: TimeoutPolicy = "ai"
    reminder_hours: float = Field(default=12.0, gt=0)
    timer_poll_seconds: float = Field(default=30.0, gt=0)
    log_level: str = "INFO"
    demo_output_dir: Path = Path("demo-output")
    command_hash_file: Path = Path(".carcassonne-commands.sha256")
    dev_guild_id: int | None = None  # sync commands to one guild (instant) while developing

    @property
    def token(self) -> str | None:
        if self.discord_token is None:
            return None
        value = self.discord_token.get_secret_value().strip()
        return value or None


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
