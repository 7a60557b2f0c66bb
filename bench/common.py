"""What the bench tables share: reading a run's JSON that may be missing or
cut short (a run that timed out or faulted leaves no file, or half of one)."""
import json


def load(path):
    """The JSON at `path`, or None where there is none to read."""
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None
