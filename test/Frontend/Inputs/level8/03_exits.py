"""A problem file that exits the process as it is loaded."""
import sys

sys.exit(3)
