"""Smooth L1 (Huber, beta 1.0) loss, mean over predictions and targets of shape (4096, 4096); scalar output."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, beta):
        super().__init__()
        self.beta = beta

    def forward(self, predictions, targets):
        return F.smooth_l1_loss(predictions, targets, beta=self.beta)


batch_size = 4096
dim = 4096
beta = 1.0

SMALL = {"batch_size": 8, "dim": 1024}


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [beta]
