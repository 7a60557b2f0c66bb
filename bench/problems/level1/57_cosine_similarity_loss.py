"""Cosine similarity loss, mean(1 - cos_sim(p, t)) along dim 1, inputs of shape (8192, 2048); scalar output."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        cos = F.cosine_similarity(predictions, targets, dim=1, eps=1e-8)
        return torch.mean(1.0 - cos)


batch_size = 8192
dim = 2048

SMALL = {"batch_size": 16, "dim": 256}


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
