"""Cross-entropy loss of (49152, 16000) logits against int64 class targets -> scalar."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits, targets):
        return F.cross_entropy(logits, targets)


batch_size = 49152
classes = 16000

SMALL = {"batch_size": 64, "classes": 1000}


def get_inputs():
    return [torch.randn(batch_size, classes), torch.randint(0, classes, (batch_size,))]


def get_init_inputs():
    return []
