"""Cross-entropy loss (mean) of logits (16384, 1000) against int64 class targets (16384,); scalar output."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        return F.cross_entropy(predictions, targets)


batch_size = 16384
num_classes = 1000

SMALL = {"batch_size": 16, "num_classes": 100}


def get_inputs():
    return [torch.randn(batch_size, num_classes),
            torch.randint(0, num_classes, (batch_size,))]


def get_init_inputs():
    return []
