"""Triplet margin loss (margin 0.7, p = 2) of anchor/positive/negative embeddings, (196608, 2048) each -> scalar."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, margin):
        super().__init__()
        self.margin = margin

    def forward(self, anchor, positive, negative):
        return F.triplet_margin_loss(anchor, positive, negative, margin=self.margin)


rows = 196608
dim = 2048
margin = 0.7

SMALL = {"rows": 64, "dim": 256}


def get_inputs():
    return [torch.randn(rows, dim), torch.randn(rows, dim), torch.randn(rows, dim)]


def get_init_inputs():
    return [margin]
